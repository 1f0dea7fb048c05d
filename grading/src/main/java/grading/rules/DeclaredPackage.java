package grading.rules;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The package a Java source declares, read as javac reads it: Unicode escapes first
 * ({@code \u0070ackage} is {@code package}), then past comments, string and character literals
 * and text blocks to the first {@code package} keyword, and the dotted name after it.
 *
 * <p>A source is hostile text. This is one pass that moves forward at every step, so its time is
 * linear in the text's length whatever the text: a regular expression that can backtrack (a
 * lazy {@code /\*.*?\*}{@code /} over 500,000 comment openers) once held the grader's own process
 * for minutes on one upload.
 */
final class DeclaredPackage {

    private final char[] text;
    private int at;

    private DeclaredPackage(char[] text) {
        this.text = text;
    }

    /** The package {@code source} (a file's bytes, UTF-8 as javac reads them) declares, or "" for none. */
    static String of(byte[] source) {
        DeclaredPackage scan = new DeclaredPackage(unescape(new String(source, StandardCharsets.UTF_8)));
        if (scan.text.length > 0 && scan.text[0] == '\uFEFF') {
            scan.at = 1; // an editor's byte order mark: the grader drops it before javac reads the file
        }
        return scan.declared();
    }

    /**
     * The text with its Unicode escapes translated (JLS 3.3): a backslash begins one when an even
     * number of backslashes precedes it, and what an escape makes begins no other. A malformed
     * escape is kept as it is (javac refuses the file). Each character is read once: the run of
     * 'u's after one backslash is never read again from another.
     */
    static char[] unescape(String raw) {
        char[] out = new char[raw.length()];
        int n = 0;
        boolean escaped = false; // the previous character is a backslash that an odd run ends with
        for (int i = 0; i < raw.length(); ) {
            char c = raw.charAt(i);
            if (c == '\\' && !escaped && i + 1 < raw.length() && raw.charAt(i + 1) == 'u') {
                int j = i + 1;
                while (j < raw.length() && raw.charAt(j) == 'u') {
                    j++;
                }
                int code = j + 4 <= raw.length() ? hex(raw, j) : -1;
                if (code >= 0) {
                    out[n++] = (char) code;
                    i = j + 4;
                    continue;
                }
            }
            escaped = c == '\\' && !escaped;
            out[n++] = c;
            i++;
        }
        return Arrays.copyOf(out, n);
    }

    private static int hex(String raw, int from) {
        int code = 0;
        for (int i = from; i < from + 4; i++) {
            int digit = Character.digit(raw.charAt(i), 16);
            if (digit < 0) {
                return -1;
            }
            code = code * 16 + digit;
        }
        return code;
    }

    /** Past everything but code to the first word; if it is {@code package}, the name after it. */
    private String declared() {
        while (at < text.length) {
            if (skipCommentOrLiteral()) {
                continue;
            }
            int c = Character.codePointAt(text, at);
            if (Character.isJavaIdentifierPart(c) && !Character.isIdentifierIgnorable(c)) {
                boolean word = Character.isJavaIdentifierStart(c);
                String token = identifier();
                if (word && token.equals("package")) {
                    return name();
                }
            } else {
                at += Character.charCount(c);
            }
        }
        return "";
    }

    /** {@code a.b.c} up to its ';' (comments and white space allowed between), or "" when it is not one. */
    private String name() {
        StringBuilder name = new StringBuilder();
        while (true) {
            skipSpaceAndComments();
            if (at >= text.length || !Character.isJavaIdentifierStart(Character.codePointAt(text, at))) {
                return "";
            }
            name.append(identifier());
            skipSpaceAndComments();
            if (at < text.length && text[at] == ';') {
                return name.toString();
            }
            if (at >= text.length || text[at] != '.') {
                return "";
            }
            name.append('.');
            at++;
        }
    }

    /** The identifier at {@code at}, without the characters javac ignores in one (a zero-width space). */
    private String identifier() {
        StringBuilder word = new StringBuilder();
        while (at < text.length) {
            int c = Character.codePointAt(text, at);
            if (Character.isIdentifierIgnorable(c)) {
                at += Character.charCount(c);
            } else if (Character.isJavaIdentifierPart(c)) {
                word.appendCodePoint(c);
                at += Character.charCount(c);
            } else {
                break;
            }
        }
        return word.toString();
    }

    private void skipSpaceAndComments() {
        while (at < text.length) {
            char c = text[at];
            if (c == ' ' || c == '\t' || c == '\f' || c == '\n' || c == '\r') { // Java's white space, no other
                at++;
            } else if (!skipComment()) {
                return;
            }
        }
    }

    private boolean skipCommentOrLiteral() {
        return skipComment() || skipLiteral();
    }

    /** Moves past a comment at {@code at}; false when none is there. */
    private boolean skipComment() {
        if (text[at] != '/' || at + 1 >= text.length) {
            return false;
        }
        if (text[at + 1] == '/') {
            while (at < text.length && text[at] != '\n' && text[at] != '\r') {
                at++;
            }
            return true;
        }
        if (text[at + 1] == '*') {
            at += 2;
            while (at < text.length && !(text[at] == '*' && at + 1 < text.length && text[at + 1] == '/')) {
                at++;
            }
            at = Math.min(text.length, at + 2);
            return true;
        }
        return false;
    }

    /** Moves past a string, a character literal or a text block at {@code at}; false when none is there. */
    private boolean skipLiteral() {
        char c = text[at];
        if (c == '"' && at + 2 < text.length && text[at + 1] == '"' && text[at + 2] == '"') {
            at += 3;
            while (at < text.length && !(text[at] == '"' && at + 2 < text.length && text[at + 1] == '"'
                    && text[at + 2] == '"')) {
                at += text[at] == '\\' ? 2 : 1;
            }
            at = Math.min(text.length, at + 3);
            return true;
        }
        if (c == '"' || c == '\'') {
            at++; // to the closing quote, or the line's end (javac refuses the file then)
            while (at < text.length && text[at] != c && text[at] != '\n' && text[at] != '\r') {
                at += text[at] == '\\' ? 2 : 1;
            }
            at = Math.min(text.length, at + 1);
            return true;
        }
        return false;
    }
}
