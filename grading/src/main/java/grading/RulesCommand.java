package grading;

import grading.hidden.GradedTests;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import instructor.PlantedPatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code rules}: prints the statement's rules with their hidden tests and planted mistakes, and the
 * planted mistakes with what catches them, as Markdown tables derived from the statement, the
 * tests and the patches ({@link RuleMap}); exit 1, each problem said, when they do not add up.
 */
@Command(name = "rules", mixinStandardHelpOptions = true,
        description = "Print each rule of the homework's statement with the hidden tests that check it and the"
                + " planted mistakes that prove they do; exit 1 when a rule lacks either.")
final class RulesCommand implements Callable<Integer> {

    @Option(names = "--from", paramLabel = "REPO",
            description = "The instructor repository (default: the one grader.jar was built in).")
    Path from;

    @Override
    public Integer call() throws IOException {
        Path repo = from != null ? from : Kit.instructorRepo();
        for (String needed : List.of("homework/README.md", "grading/wrong", "grading/hostile")) {
            if (!Files.exists(repo.resolve(needed))) {
                System.err.println("rules: " + repo + " has no " + needed + ": give the instructor repository with"
                        + " --from REPO");
                return Grader.USAGE;
            }
        }
        List<PlantedPatch> patches = patches(repo);
        RuleMap map = read(repo, patches);
        System.out.println("| rule of the statement (homework/README.md) | hidden tests | planted mistakes |");
        System.out.println("|---|---|---|");
        for (Map.Entry<String, List<List<String>>> row : map.rows().entrySet()) {
            System.out.println("| " + RuleMap.shortly(row.getKey()) + " | " + String.join(", ", row.getValue().get(0))
                    + " | " + String.join(", ", row.getValue().get(1)) + " |");
        }
        System.out.println();
        System.out.println("| wrong solution (grading/wrong) | what is wrong | caught by |");
        System.out.println("|---|---|---|");
        for (PlantedPatch p : patches) {
            System.out.println("| " + p.name() + " | " + p.mistake() + " | " + String.join(", ", p.fails()) + " |");
        }
        map.problems().forEach(problem -> System.err.println("rules: " + problem));
        return map.problems().isEmpty() ? 0 : 1;
    }

    /** The rule map of a repository: its statement, grader.jar's tests, its patches and hostile submissions. */
    static RuleMap read(Path repo, List<PlantedPatch> patches) throws IOException {
        String statement = Files.readString(repo.resolve("homework/README.md"), StandardCharsets.UTF_8);
        return new RuleMap(statement, GradedTests.all(), patches, hostile(repo));
    }

    static List<PlantedPatch> patches(Path repo) throws IOException {
        List<PlantedPatch> patches = new ArrayList<>();
        try (Stream<Path> files = Files.list(repo.resolve("grading/wrong"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".patch")).sorted().toList()) {
                patches.add(PlantedPatch.read(file));
            }
        }
        return patches;
    }

    private static List<RuleMap.Hostile> hostile(Path repo) throws IOException {
        List<RuleMap.Hostile> found = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(repo.resolve("grading/hostile"))) {
            for (Path dir : dirs.sorted().toList()) {
                Path expected = dir.resolve("expected.properties");
                if (Files.isRegularFile(expected)) {
                    Properties p = new Properties();
                    try (Reader in = Files.newBufferedReader(expected, StandardCharsets.UTF_8)) {
                        p.load(in);
                    }
                    if (p.getProperty("rule") != null) {
                        found.add(new RuleMap.Hostile(dir.getFileName().toString(), p.getProperty("rule")));
                    }
                }
            }
        }
        return found;
    }
}
