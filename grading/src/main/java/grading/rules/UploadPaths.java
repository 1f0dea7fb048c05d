package grading.rules;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The paths of an upload, which are bytes: a name may hold any byte but NUL and '/', a backslash
 * or bytes that are not UTF-8 among them. The grader keeps each file a {@link Path} from the walk
 * to the copy; a path made into a String and resolved again would name another file (a
 * backslash read as a separator, an undecodable byte read back as U+FFFD). So Strings here are
 * for display only, and the screen's decisions look at whole name elements.
 */
public final class UploadPaths {

    private UploadPaths() {
    }

    /**
     * {@code file} as the texts show it, relative to {@code root} when it is below it (else its
     * name alone): names joined by '/', each byte that is not UTF-8 as {@code \xNN}. The JDK
     * decodes names with the locale's charset ({@code sun.jnu.encoding}: U+FFFD or '?' for what it
     * cannot decode), so the bytes are read from the path's URI, whose escapes they are.
     */
    public static String shown(Path root, Path file) {
        String base = rawPath(root);
        String raw = rawPath(file);
        if (raw.equals(base)) {
            return "";
        }
        if (!base.endsWith("/")) {
            base += "/"; // not for the root folder, whose URI is "/"
        }
        String relative = raw.startsWith(base) ? raw.substring(base.length()) : raw.substring(raw.lastIndexOf('/') + 1);
        return decode(unescape(relative));
    }

    /** The name of {@code file} (its last element) as the texts show it. */
    public static String name(Path file) {
        String raw = rawPath(file);
        return decode(unescape(raw.substring(raw.lastIndexOf('/') + 1)));
    }

    /** The length in bytes of {@code path}, absolute: what the system's limit on a path counts. */
    static int length(Path path) {
        return unescape(rawPath(path)).length;
    }

    /** The path's bytes as the escapes of its URI, without the trailing '/' a folder's URI has. */
    private static String rawPath(Path path) {
        String raw = path.toAbsolutePath().toUri().getRawPath();
        return raw.length() > 1 && raw.endsWith("/") ? raw.substring(0, raw.length() - 1) : raw;
    }

    private static byte[] unescape(String raw) {
        byte[] bytes = new byte[raw.length()];
        int n = 0;
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '%' && i + 2 < raw.length()) {
                bytes[n++] = (byte) Integer.parseInt(raw, i + 1, i + 3, 16);
                i += 2;
            } else {
                bytes[n++] = (byte) c; // a URI's raw path is ASCII
            }
        }
        return Arrays.copyOf(bytes, n);
    }

    /** UTF-8, each byte that does not decode as {@code \xNN}. */
    static String decode(byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        StringBuilder text = new StringBuilder(bytes.length);
        while (true) {
            CoderResult result = decoder.decode(in, out, true);
            text.append(out.flip());
            out.clear();
            if (result.isError()) {
                for (int i = 0; i < result.length(); i++) {
                    text.append(String.format("\\x%02x", in.get() & 0xff));
                }
            } else if (result.isUnderflow()) {
                return text.toString();
            }
        }
    }

    /**
     * Whether {@code relative} has the folders {@code names}, one in another, starting at its
     * element {@code from} or later, with something more below them ("src/test/" inside a path).
     */
    static boolean hasFolders(Path relative, int from, String... names) {
        for (int i = from; i + names.length < relative.getNameCount(); i++) {
            int k = 0;
            while (k < names.length && relative.getName(i + k).toString().equals(names[k])) {
                k++;
            }
            if (k == names.length) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code relative} lies below the folders {@code names} ("homework/src/main/java/..."). */
    static boolean under(Path relative, String... names) {
        if (relative.getNameCount() <= names.length) {
            return false;
        }
        for (int k = 0; k < names.length; k++) {
            if (!relative.getName(k).toString().equals(names[k])) {
                return false;
            }
        }
        return true;
    }
}
