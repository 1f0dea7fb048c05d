package instructor;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The Git blob id of a file's text, and a blob's text read back from Git's history: how a planted
 * patch names the reference it was made on without a copy of it ({@link PatchFile.FileChange#reference}).
 */
final class GitBlob {

    private GitBlob() {
    }

    /** What {@code git hash-object} prints for a file holding {@code text} in UTF-8. */
    static String id(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        try {
            MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
            sha1.update(("blob " + bytes.length + "\0").getBytes(StandardCharsets.US_ASCII));
            return HexFormat.of().formatHex(sha1.digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-1", e);
        }
    }

    /** The text of blob {@code id} in the Git repository {@code dir} is in; throws, naming {@code what}, when it is not there. */
    static String read(Path dir, String id, String what) {
        try {
            Process git = new ProcessBuilder("git", "-C", dir.toString(), "cat-file", "blob", id)
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            byte[] out = git.getInputStream().readAllBytes();
            if (git.waitFor() == 0) {
                return new String(out, StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            // no git: said below
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        throw new IllegalStateException(what + " no longer applies, and the reference it was made on (blob " + id
                + ") is not in the Git history of " + dir + " (no git, or a shallow clone: git fetch --unshallow),"
                + " so it cannot be carried over");
    }
}
