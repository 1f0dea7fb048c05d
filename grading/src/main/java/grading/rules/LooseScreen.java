package grading.rules;

import static grading.rules.SubmissionScreen.MAX_SOURCE_BYTES;
import static grading.rules.SubmissionScreen.SKIPPED_DIRS;
import static grading.rules.SubmissionScreen.declaredPackage;
import static grading.rules.SubmissionScreen.listed;
import static grading.rules.SubmissionScreen.relative;
import static grading.rules.SubmissionScreen.reservedPrefix;
import static grading.rules.SubmissionScreen.usual;

import grading.rules.SubmissionScreen.Refusal;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The screening of an upload that holds no repository: loose files of package {@code homework},
 * anywhere in it (the files a student edited, uploaded alone). {@link SubmissionScreen} screens
 * a repository and decides which of the two an upload is.
 */
final class LooseScreen {

    private LooseScreen() {
    }

    /**
     * Loose files, not a repository: the non-test {@code .java} files declaring package
     * {@code homework} (or a sub-package, in its folder) are taken from one folder, the one with
     * the most of them (the nearest the top on a tie); every other file is ignored with its reason.
     */
    static Screening screen(Path submission) {
        record Candidate(String path, Path root) {
        }
        List<Candidate> candidates = new ArrayList<>();
        List<Refusal> refused = new ArrayList<>();
        try {
            Files.walkFileTree(submission, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    return !dir.equals(submission) && SKIPPED_DIRS.contains(dir.getFileName().toString())
                            ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    String path = relative(submission, file);
                    if (attrs.isSymbolicLink() || Files.isSymbolicLink(file)) {
                        refused.add(listed(path, "a symbolic link: it could point at the grader's files;"
                                + " submit the file itself"));
                    } else if (attrs.isRegularFile()) {
                        Refusal refusal = judgeLoose(file, path);
                        if (refusal == null) {
                            candidates.add(new Candidate(path, packageRoot(file, declaredPackage(file))));
                        } else {
                            refused.add(refusal);
                        }
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    refused.add(listed(relative(submission, file), "cannot be read: " + e.getMessage()));
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read submission " + submission, e);
        }
        Map<Path, Long> perRoot = new HashMap<>();
        candidates.forEach(c -> perRoot.merge(c.root(), 1L, Long::sum));
        Path chosen = perRoot.keySet().stream()
                .min(Comparator.<Path>comparingLong(r -> -perRoot.get(r)).thenComparingInt(Path::getNameCount)
                        .thenComparing(Path::toString))
                .orElse(submission);
        String root = chosen.equals(submission) ? "" : relative(submission, chosen) + "/";
        List<String> sources = new ArrayList<>();
        for (Candidate c : candidates) {
            if (c.root().equals(chosen)) {
                sources.add(c.path());
            } else {
                refused.add(listed(c.path(), "another copy of package homework: the one taken is "
                        + (root.isEmpty() ? "at the top of the upload" : "in " + root)));
            }
        }
        sources.sort(Comparator.naturalOrder());
        refused.sort(Comparator.comparing(Refusal::path));
        return new Screening(List.copyOf(sources), List.copyOf(refused), false, root, List.of());
    }

    /** The folder a loose source's package starts in: its own, less the sub-package folders. */
    private static Path packageRoot(Path file, String declared) {
        Path dir = file.getParent();
        String[] sub = declared.split("\\.");
        for (int i = sub.length - 1; i >= 1 && dir != null && dir.getFileName() != null
                && dir.getFileName().toString().equals(sub[i]); i--) {
            dir = dir.getParent();
        }
        return dir;
    }

    /** Null when a loose file is a homework source, else why it is ignored. Its size is judged before anything reads it. */
    static Refusal judgeLoose(Path file, String path) throws IOException {
        String name = file.getFileName().toString();
        if (path.contains("META-INF/services/")) {
            return listed(path, "a META-INF/services entry: it would register code inside the test harness;"
                    + " only homework sources are taken");
        }
        if (name.equals("junit-platform.properties")) {
            return listed(path, "junit-platform.properties: it would reconfigure the test engine");
        }
        if (!name.endsWith(".java")) {
            return usual(path, "not a Java source: only the .java files of package homework are taken");
        }
        if (Files.size(file) > MAX_SOURCE_BYTES) {
            return listed(path, "larger than " + MAX_SOURCE_BYTES / 1024 + " KB: no homework source needs that much");
        }
        String declared = declaredPackage(file);
        String reserved = reservedPrefix(declared);
        if (reserved != null) {
            return listed(path, "a class in the reserved package " + declared + " (" + reserved + ".* belongs to the"
                    + " test harness, the kit or the grader): the grader uses its own");
        }
        if (!(declared.equals("homework") || declared.startsWith("homework."))) {
            return listed(path, declared.isEmpty() ? "declares no package: homework sources start with"
                    + " 'package homework;'" : "declares package '" + declared + "': only package homework is taken");
        }
        if (path.contains("src/test/") || path.startsWith("test/") || path.contains("/test/")
                || name.endsWith("Test.java") || name.endsWith("Tests.java")) {
            return listed(path, "a test file: the grader runs its own copy of the visible tests and its hidden tests");
        }
        return null;
    }
}
