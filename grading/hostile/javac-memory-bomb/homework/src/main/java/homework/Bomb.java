package homework;

/** Hostile: constants that javac folds into strings of 8 * 2^40 characters. */
final class Bomb {
    static final String A0 = "xxxxxxxx";
    static final String A1 = A0 + A0;
    static final String A2 = A1 + A1;
    static final String A3 = A2 + A2;
    static final String A4 = A3 + A3;
    static final String A5 = A4 + A4;
    static final String A6 = A5 + A5;
    static final String A7 = A6 + A6;
    static final String A8 = A7 + A7;
    static final String A9 = A8 + A8;
    static final String A10 = A9 + A9;
    static final String A11 = A10 + A10;
    static final String A12 = A11 + A11;
    static final String A13 = A12 + A12;
    static final String A14 = A13 + A13;
    static final String A15 = A14 + A14;
    static final String A16 = A15 + A15;
    static final String A17 = A16 + A16;
    static final String A18 = A17 + A17;
    static final String A19 = A18 + A18;
    static final String A20 = A19 + A19;
    static final String A21 = A20 + A20;
    static final String A22 = A21 + A21;
    static final String A23 = A22 + A22;
    static final String A24 = A23 + A23;
    static final String A25 = A24 + A24;
    static final String A26 = A25 + A25;
    static final String A27 = A26 + A26;
    static final String A28 = A27 + A27;
    static final String A29 = A28 + A28;
    static final String A30 = A29 + A29;
    static final String A31 = A30 + A30;
    static final String A32 = A31 + A31;
    static final String A33 = A32 + A32;
    static final String A34 = A33 + A33;
    static final String A35 = A34 + A34;
    static final String A36 = A35 + A35;
    static final String A37 = A36 + A36;
    static final String A38 = A37 + A37;
    static final String A39 = A38 + A38;
    static final String A40 = A39 + A39;

    private Bomb() {
    }
}
