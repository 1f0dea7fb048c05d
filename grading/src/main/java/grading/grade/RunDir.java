package grading.grade;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The private folder of one grading run: the kit jar and the submission's compiled classes,
 * nothing else. The child reads it (through a read-only bind, or as another uid that may read
 * but not write it); the grader deletes it when the run is over.
 */
final class RunDir {

    private RunDir() {
    }

    static Path create() throws IOException {
        Path dir = Files.createTempDirectory("grading-run-");
        openToSandbox(dir);
        return dir;
    }

    /** rwxr-xr-x: the sandbox's uid may read the run, never write it. */
    static void openToSandbox(Path dir) throws IOException {
        try {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        } catch (UnsupportedOperationException notPosix) {
            // no uids to drop to on such a file system either
        }
    }

    /** Folders rwxr-xr-x and files rw-r--r-- under {@code dir}: the sandbox's uid may read them, never write. */
    static void openTree(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.toList()) {
                Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(Files.isDirectory(p) ? "rwxr-xr-x" : "rw-r--r--"));
            }
        } catch (UnsupportedOperationException notPosix) {
            // no uids to drop to on such a file system either
        }
    }

    static void delete(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a temp folder left behind is no reason to fail grading
        }
    }
}
