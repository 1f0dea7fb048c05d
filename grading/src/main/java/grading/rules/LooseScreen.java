package grading.rules;

import static grading.rules.SubmissionScreen.MAX_SOURCE_BYTES;
import static grading.rules.SubmissionScreen.declaredPackage;
import static grading.rules.SubmissionScreen.listed;
import static grading.rules.SubmissionScreen.reservedPrefix;
import static grading.rules.SubmissionScreen.usual;
import static grading.rules.UploadPaths.hasFolders;

import grading.rules.Screening.Source;
import grading.rules.SubmissionScreen.Refusal;
import java.io.IOException;
import java.nio.file.Path;
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
        record Candidate(Source source, Path root) {
        }
        List<Candidate> candidates = new ArrayList<>();
        UploadWalk walk = new UploadWalk(submission) {
            @Override
            void file(Path file, String shown, long size) throws IOException {
                Path path = submission.relativize(file);
                Refusal refusal = judgeLoose(file, path, size, shown);
                if (refusal == null) {
                    candidates.add(new Candidate(new Source(file, shown), packageRoot(file, declaredPackage(file))));
                } else {
                    refused.add(refusal);
                }
            }
        };
        walk.walk();
        List<Refusal> refused = new ArrayList<>(walk.refused);
        Map<Path, Long> perRoot = new HashMap<>();
        candidates.forEach(c -> perRoot.merge(c.root(), 1L, Long::sum));
        Path chosen = perRoot.keySet().stream()
                .min(Comparator.<Path>comparingLong(r -> -perRoot.get(r)).thenComparingInt(Path::getNameCount)
                        .thenComparing(Comparator.naturalOrder()))
                .orElse(submission);
        String root = chosen.equals(submission) ? "" : UploadPaths.shown(submission, chosen) + "/";
        List<Source> taken = new ArrayList<>();
        for (Candidate c : candidates) {
            if (c.root().equals(chosen)) {
                taken.add(c.source());
            } else {
                refused.add(listed(c.source().path(), "another copy of package homework: the one taken is "
                        + (root.isEmpty() ? "at the top of the upload" : "in " + root)));
            }
        }
        return SubmissionScreen.supply(new Screening(RepositoryScreen.sorted(taken),
                RepositoryScreen.sortedRefusals(refused), false, root, List.of()), chosen);
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

    /**
     * Null when a loose file ({@code path} in the upload, {@code size} bytes) is a homework source,
     * else why it is ignored. Its size is judged before anything reads it.
     */
    static Refusal judgeLoose(Path file, Path path, long size, String shown) throws IOException {
        String name = path.getFileName().toString();
        if (hasFolders(path, 0, "META-INF", "services")) {
            return listed(shown, "a META-INF/services entry: it would register code inside the test harness;"
                    + " only homework sources are taken");
        }
        if (name.equals("junit-platform.properties")) {
            return listed(shown, "junit-platform.properties: it would reconfigure the test engine");
        }
        if (!name.endsWith(".java")) {
            return usual(shown, "not a Java source: only the .java files of package homework are taken");
        }
        if (size > MAX_SOURCE_BYTES) {
            return listed(shown, "larger than " + MAX_SOURCE_BYTES / 1024 + " KB: no homework source needs that much");
        }
        String declared = declaredPackage(file);
        String reserved = reservedPrefix(declared);
        if (reserved != null) {
            return listed(shown, "a class in the reserved package " + declared + " (" + reserved + ".* belongs to the"
                    + " test harness, the kit or the grader): the grader uses its own");
        }
        if (!(declared.equals("homework") || declared.startsWith("homework."))) {
            return listed(shown, declared.isEmpty() ? "declares no package: homework sources start with"
                    + " 'package homework;'" : "declares package '" + declared + "': only package homework is taken");
        }
        if (hasFolders(path, 0, "test") || name.endsWith("Test.java") || name.endsWith("Tests.java")) {
            return listed(shown, "a test file: the grader runs its own copy of the visible tests and its hidden tests");
        }
        return null;
    }
}
