package miniasyncio.cli;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.Optional;

/**
 * Can a file that a command writes at its end ({@code --step-through}, {@code --trace-out},
 * {@code --trace-html}, {@code bench --json}) be written? Asked before anything runs, so that a
 * run or minutes of measuring are never computed and then lost.
 *
 * <p>The question goes to the OS itself: the file is opened for writing (not truncated) when it
 * exists, else created and deleted again. Permission bits alone would be wrong twice: root may
 * write where they say no, and nobody may create a file in {@code /proc} or on a read-only file
 * system, whatever they say.
 */
public final class OutputFile {

    private OutputFile() {
    }

    /**
     * Why {@code file} cannot be written, or empty if it can: "is a folder; give a file name, e.g.
     * /tmp/run.html", "no such folder: ...", "not a folder: ...", "cannot write it: permission
     * denied". {@code example} is a file name to suggest when {@code file} is a folder.
     */
    public static Optional<String> problem(Path file, String example) {
        if (Files.isDirectory(file)) {
            return Optional.of("is a folder; give a file name, e.g. " + file.resolve(example));
        }
        Path dir = file.toAbsolutePath().getParent();
        if (dir == null) {
            return Optional.of("is not a file's name; give one, e.g. " + example);
        }
        if (!Files.isDirectory(dir)) {
            // The nearest part of the path that exists says which of the two it is.
            Path existing = dir;
            while (existing != null && !Files.exists(existing)) {
                existing = existing.getParent();
            }
            if (existing != null && !Files.isDirectory(existing)) {
                return Optional.of("not a folder: " + existing + " is a file; pick a file in a folder");
            }
            return Optional.of("no such folder: " + dir + " does not exist; create it or pick another file");
        }
        try {
            if (Files.exists(file)) {
                FileChannel.open(file, StandardOpenOption.WRITE).close(); // no TRUNCATE: the old content stays
            } else {
                Files.createFile(file);
                Files.delete(file);
            }
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of("cannot write it: " + reason(e, dir));
        }
    }

    /** The OS's reason, as it says it ("read-only file system"), in lower case. */
    static String reason(IOException e, Path dir) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            // The folder is there (checked above): it takes no new files, as /proc does.
            return "no such file or directory (" + dir + " takes no new files)";
        }
        if (e instanceof FileSystemException fs && fs.getReason() != null) {
            return fs.getReason().toLowerCase(Locale.ROOT);
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
