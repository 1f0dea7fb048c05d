package exercises;

/** Python's {@code ValueError}, so the examples raise and print what the lecture's do. */
public class ValueError extends RuntimeException {
    public ValueError(String message) {
        super(message);
    }
}
