package grading;

import grading.grade.ChildRunner;
import grading.grade.Grading;
import grading.prove.Patches;
import grading.prove.Planted;
import grading.prove.Proof;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code prove [PATCH...]}: grades the reference and the planted copies of the patches named (all
 * of grading/wrong and grading/right when none is), as {@code grade --submissions} grades a class,
 * and says of each whether it lost what its header says: the proof of the class of 30 for the one
 * patch an instructor just wrote, in seconds.
 */
@Command(name = "prove", mixinStandardHelpOptions = true,
        description = {"Grade the reference and planted copies of the patches of grading/wrong (and grading/right)"
                + " in one batch, and say for each whether its grading shows what it claims: a wrong solution"
                + " fails each test its '# fails:' line names, by that test's own check (not the whole run's"
                + " time limit; a ModelTests failure shows the smallest program), and with '# fails exactly:'"
                + " no other; the reference and grading/right keep full marks.",
                "Run it from the instructor repository (or give --root). Prints a line as each grading ends"
                + " (stderr), then one verdict per submission. One patch takes seconds, all of them a minute or two.",
                "Exit codes: 0 every verdict holds, 1 one does not, 2 a bad command line (an unknown patch,"
                + " one that does not apply), 4 grading itself failed."},
        footer = {"", "Examples:", "  java -jar grading/target/grader.jar prove grading/wrong/polling.patch",
                "  java -jar grading/target/grader.jar prove polling deque-waiters",
                "  java -jar grading/target/grader.jar prove        (all of grading/wrong and grading/right)"})
final class ProveCommand implements Callable<Integer> {

    @Parameters(arity = "0..*", paramLabel = "PATCH",
            description = "A patch or a correct solution's folder: a path, or a name of grading/wrong or grading/right"
                    + " (polling, polling.patch, deque-waiters). Default: all of them.")
    List<String> patches = new ArrayList<>();

    @Option(names = {"--root", "--from"}, paramLabel = "DIR",
            description = "The instructor repository (default: the current directory).")
    Path root;

    @Option(names = "--jobs", paramLabel = "N", description = "Submissions graded at once (default: the number of cores).")
    Integer jobs;

    // The class of 30's limits, not grade's 5 s and 180 s: a correct test takes milliseconds (the
    // measuring one has a limit of its own), and a planted mistake that loops costs 45 s, not every test's 5 s.
    @Option(names = "--test-timeout", paramLabel = "SECONDS", defaultValue = "2",
            description = "Time limit of one test, in CPU time (default: ${DEFAULT-VALUE} s, the class of 30's).")
    double testTimeout;

    @Option(names = "--total-timeout", paramLabel = "SECONDS", defaultValue = "45",
            description = "Time limit of one submission's tests, in CPU time (default: ${DEFAULT-VALUE} s).")
    double totalTimeout;

    @Option(names = "--out", paramLabel = "OUTDIR",
            description = "Keep each grading's results.json, grading.log and feedback there, with summary.csv"
                    + " (a new or empty directory; default: none kept).")
    Path out;

    @Override
    public Integer call() throws IOException, InterruptedException {
        Path repo = (root != null ? root : Path.of("")).toAbsolutePath().normalize();
        if (!Files.isDirectory(repo.resolve(Grading.SOURCES)) || !Files.isDirectory(repo.resolve("grading/wrong"))) {
            return usage(repo + " is not the instructor repository (it has no " + Grading.SOURCES + " or grading/wrong):"
                    + " run prove there, or give --root DIR");
        }
        if (!(testTimeout > 0) || !(totalTimeout > 0) || (jobs != null && jobs < 1)) {
            return usage("--test-timeout and --total-timeout need a positive number of seconds, --jobs at least 1");
        }
        if (out != null && Files.exists(out) && !isEmptyDirectory(out)) {
            return usage("--out " + out + " must be a new or empty directory");
        }
        List<Planted> planted = new ArrayList<>(List.of(Planted.reference()));
        try {
            if (patches.isEmpty()) {
                planted.addAll(Patches.every(repo));
            }
            for (String arg : patches) {
                planted.add(Patches.named(repo, arg));
            }
        } catch (IllegalArgumentException e) {
            return usage(e.getMessage());
        }
        int n = jobs != null ? jobs : Runtime.getRuntime().availableProcessors();
        ChildRunner.Limits limits = new ChildRunner.Limits(Math.round(testTimeout * 1000), Math.round(totalTimeout * 1000),
                ChildRunner.Limits.DEFAULT.maxHeap());
        Path work = Files.createTempDirectory("grader-prove-");
        try {
            Proof proof;
            try {
                proof = new Proof(repo, work).plant(planted);
            } catch (IllegalArgumentException e) { // a patch that does not apply to this reference
                return usage(e.getMessage());
            }
            System.out.printf(Locale.ROOT, "prove: grading %d submissions, the reference and the planted ones, %d at a"
                    + " time (%s s of CPU a test, %s s a submission)%n", proof.size(), n, seconds(testTimeout),
                    seconds(totalTimeout));
            System.out.flush();
            boolean holds = proof.grade(Kit.jar(), limits, n, out != null ? out : work.resolve("out"), System.err,
                    System.console() != null, System.out);
            return holds ? 0 : 1;
        } finally {
            delete(work);
        }
    }

    private static String seconds(double s) {
        return java.math.BigDecimal.valueOf(s).stripTrailingZeros().toPlainString();
    }

    private static int usage(String message) {
        System.err.println("prove: " + message);
        return Grader.USAGE;
    }

    private static boolean isEmptyDirectory(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (Stream<Path> list = Files.list(dir)) {
            return list.findAny().isEmpty();
        }
    }

    /** The planted copies: nothing of a proof outlives it but --out. */
    private static void delete(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
