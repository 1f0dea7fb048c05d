package grading.rules;

import grading.rules.SubmissionScreen.Refusal;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * One walk over an upload, shared by both screens: each regular file goes to {@link #file} as the
 * {@link Path} the walk found (never rebuilt from a String), with how the texts show it; a link
 * and what cannot be read are refused with their reason, and no single file stops the walk.
 */
abstract class UploadWalk extends SimpleFileVisitor<Path> {

    /** Linux's limit on a path, in bytes with its terminating NUL: a longer one cannot even be opened. */
    static final int PATH_MAX = 4096;

    final Path submission;
    final List<Refusal> refused = new ArrayList<>();

    UploadWalk(Path submission) {
        this.submission = submission;
    }

    /** A regular file of the upload, {@code shown} as the texts show it, of {@code size} bytes. */
    abstract void file(Path file, String shown, long size) throws IOException;

    /** Whether the walk leaves out the folder {@code dir} (tool state, build output). */
    boolean skipped(Path dir) {
        return SubmissionScreen.SKIPPED_DIRS.contains(dir.getFileName().toString());
    }

    final void walk() {
        try {
            Files.walkFileTree(submission, this);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read submission " + submission, e);
        }
    }

    @Override
    public final FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
        return !dir.equals(submission) && skipped(dir) ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
    }

    @Override
    public final FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
        String shown = UploadPaths.shown(submission, file);
        if (attrs.isSymbolicLink() || Files.isSymbolicLink(file)) {
            refused.add(SubmissionScreen.listed(shown, "a symbolic link: it could point at the grader's files;"
                    + " submit the file itself"));
        } else if (attrs.isRegularFile()) {
            try {
                file(file, shown, attrs.size());
            } catch (IOException e) {
                refused.add(unreadable(file, shown, e));
            }
        }
        return FileVisitResult.CONTINUE;
    }

    @Override
    public final FileVisitResult visitFileFailed(Path file, IOException e) {
        refused.add(unreadable(file, UploadPaths.shown(submission, file), e));
        return FileVisitResult.CONTINUE;
    }

    /** Why {@code file} cannot be read, in words: never the exception's message, which names the grader's folders. */
    private static Refusal unreadable(Path file, String shown, IOException e) {
        if (UploadPaths.length(file) >= PATH_MAX) {
            return SubmissionScreen.listed(shown, "cannot be read: its path is longer than this system allows ("
                    + PATH_MAX + " bytes)");
        }
        String reason = e instanceof FileSystemException f && f.getReason() != null ? f.getReason()
                : e.getClass().getSimpleName();
        return SubmissionScreen.listed(shown, "cannot be read: " + reason);
    }
}
