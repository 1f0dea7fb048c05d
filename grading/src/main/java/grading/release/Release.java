package grading.release;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import instructor.SolutionRegions;
import java.util.stream.Stream;

/**
 * Writes the student repository from the instructor's: the runtime, the homework and the
 * exercises with every solution region replaced by its stub (and every instructor block of their
 * Markdown files removed), the visible tests, a parent pom that lists only those modules, the
 * guides ({@code docs/}, but for the instructors' notes its {@code .releaseignore} lists), the IDE run
 * configurations and the student README. Nothing else goes out.
 */
public final class Release {

    /**
     * What the student repository is made of, relative to the instructor repository. Not the
     * instructor's tools ({@code grading/instructor}) nor grading: the parent pom keeps the module
     * lines of these alone, and a pom's instructor blocks (the exercises' dependency on the tools,
     * for its instructor-only tests) are cut out.
     */
    static final List<String> MODULES = List.of("mini-asyncio", "grading/allowlist", "homework", "exercises");
    /**
     * Modules that sit under grading/ in the instructor repository and at the top of the student
     * repository (which has no grading/): the allowlist screen, which the student's self-check runs.
     */
    static final java.util.Map<String, String> RELEASED_AS = java.util.Map.of("grading/allowlist", "allowlist");
    /** Modules whose Java sources may hold solution regions. */
    static final List<String> WITH_REGIONS = List.of("homework", "exercises");
    private static final List<String> ROOT_FILES = List.of(".gitignore", ".mvn/jvm.config", ".mvn/maven.config", "test.sh");
    /**
     * Folders that go out whole: the guides the READMEs link to, and the IDE run configurations
     * that carry the JVM option (IntelliJ's .run/, VS Code's .vscode/).
     */
    static final List<String> ROOT_DIRS = List.of("docs", ".run", ".vscode");
    /** A module line of the parent pom: kept only for the modules the release has. */
    private static final java.util.regex.Pattern MODULE_LINE =
            java.util.regex.Pattern.compile("\\s*<module>([^<]+)</module>\\s*");

    private final Path from;
    private final Path to;
    private int stubbed;
    private int files;

    public Release(Path from, Path to) {
        this.from = from;
        this.to = to;
    }

    /** Checks every marker first (so a bad one writes nothing), then writes the release. */
    public void write() throws IOException {
        if (!Files.isRegularFile(from.resolve("pom.xml")) || !Files.isDirectory(from.resolve("homework"))) {
            throw new IllegalArgumentException(from + " is not the instructor repository (no pom.xml and homework/)");
        }
        checkMarkers(from);
        if (Files.exists(to)) {
            try (Stream<Path> entries = Files.list(to)) {
                if (entries.findAny().isPresent()) {
                    throw new IllegalArgumentException("--out " + to + " is not empty: give a new or empty directory");
                }
            }
        }
        Files.createDirectories(to);
        writePom();
        for (String module : MODULES) {
            Path dir = from.resolve(module);
            if (Files.isDirectory(dir)) {
                copyModule(module, dir);
            }
        }
        for (String dir : ROOT_DIRS) {
            if (Files.isDirectory(from.resolve(dir))) {
                copyTree(from.resolve(dir));
            }
        }
        for (String file : ROOT_FILES) {
            Path source = from.resolve(file);
            if (Files.isRegularFile(source)) {
                Files.createDirectories(to.resolve(file).getParent());
                Files.copy(source, to.resolve(file));
            }
        }
        Files.writeString(to.resolve("README.md"), studentReadme() + whatYourCodeMayUse() + pythonToJava(from),
                StandardCharsets.UTF_8);
    }

    /**
     * The grader's allowlist, as students read it: what the homework's code may use. Made from the
     * list the grader checks ({@link allowlist.ApiAllowlist}), so the two never disagree.
     */
    static String whatYourCodeMayUse() {
        return "\n" + allowlist.ApiAllowlist.load().describe().strip() + "\n";
    }

    /**
     * The "Python to Java" section of the repository's own README: the lecture's names and where
     * they are in Java. Students need it most, and taking it from the README keeps one copy of
     * the table to keep true. Empty when the README has no such section.
     */
    static String pythonToJava(Path repo) throws IOException {
        Path readme = repo.resolve("README.md");
        if (!Files.isRegularFile(readme)) {
            return "";
        }
        String text = Files.readString(readme, StandardCharsets.UTF_8);
        int start = text.indexOf("\n## Python to Java\n");
        if (start < 0) {
            return "";
        }
        int end = text.indexOf("\n## ", start + 1);
        return "\n" + text.substring(start + 1, end < 0 ? text.length() : end + 1).stripTrailing() + "\n";
    }

    /** Every marker problem in homework/ and exercises/ of {@code repo}, as "file:line: message". */
    public static List<String> markerProblems(Path repo) throws IOException {
        List<String> problems = new ArrayList<>();
        for (String module : WITH_REGIONS) {
            Path dir = repo.resolve(module);
            if (!Files.isDirectory(dir)) {
                continue;
            }
            for (Path file : sourceFiles(dir)) {
                String relative = relative(repo, file);
                try {
                    String text = Files.readString(file, StandardCharsets.UTF_8);
                    if (relative.endsWith(".md") || relative.endsWith("pom.xml")) {
                        SolutionRegions.stripInstructorNotes(relative, text);
                    } else {
                        SolutionRegions.check(relative, text);
                    }
                } catch (SolutionRegions.MarkerException e) {
                    problems.add(e.getMessage());
                }
            }
        }
        return problems;
    }

    private static void checkMarkers(Path repo) throws IOException {
        List<String> problems = markerProblems(repo);
        if (!problems.isEmpty()) {
            throw new SolutionRegions.MarkerException(problems.get(0).split(":")[0],
                    Integer.parseInt(problems.get(0).split(":")[1]),
                    problems.get(0).substring(problems.get(0).indexOf(": ") + 2)
                            + (problems.size() > 1 ? " (and " + (problems.size() - 1) + " more)" : ""));
        }
    }

    private void writePom() throws IOException {
        String pom = Files.readString(from.resolve("pom.xml"), StandardCharsets.UTF_8);
        List<String> kept = new ArrayList<>();
        for (String line : pom.split("\n", -1)) {
            var module = MODULE_LINE.matcher(line);
            if (!module.matches()) {
                kept.add(line);
            } else if (MODULES.contains(module.group(1).strip())) {
                String name = module.group(1).strip();
                kept.add(line.replace("<module>" + name + "</module>", "<module>" + RELEASED_AS.getOrDefault(name, name)
                        + "</module>"));
            }
        }
        Files.writeString(to.resolve("pom.xml"), String.join("\n", kept), StandardCharsets.UTF_8);
    }

    /**
     * A module, or a folder that goes out whole ({@link #ROOT_DIRS}), may list files that stay with the
     * instructor in its {@code .releaseignore}: one glob per line, relative to it ({@code tools/**});
     * {@code #} starts a comment.
     */
    static final String IGNORE_FILE = ".releaseignore";

    /**
     * The files of {@code dir} that go out: all but its {@code target/}, its {@code .releaseignore}
     * and what that lists.
     */
    private static List<Path> released(Path dir) throws IOException {
        List<java.nio.file.PathMatcher> ignored = new ArrayList<>();
        Path ignoreFile = dir.resolve(IGNORE_FILE);
        if (Files.isRegularFile(ignoreFile)) {
            for (String line : Files.readAllLines(ignoreFile, StandardCharsets.UTF_8)) {
                String glob = line.strip();
                if (!glob.isEmpty() && !glob.startsWith("#")) {
                    ignored.add(dir.getFileSystem().getPathMatcher("glob:" + glob));
                }
            }
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile)
                    .filter(p -> !dir.relativize(p).startsWith("target"))
                    .filter(p -> !p.equals(ignoreFile))
                    .filter(p -> ignored.stream().noneMatch(m -> m.matches(dir.relativize(p))))
                    .sorted()
                    .toList();
        }
    }

    private void copyModule(String module, Path dir) throws IOException {
        List<Path> all = released(dir);
        for (Path file : all) {
            String relative = relative(from, file);
            Path target = to.resolve(RELEASED_AS.containsKey(module)
                    ? RELEASED_AS.get(module) + relative.substring(module.length()) : relative);
            Files.createDirectories(target.getParent());
            if (file.getFileName().toString().equals("pom.xml")) {
                String pom = SolutionRegions.stripInstructorNotes(relative, Files.readString(file, StandardCharsets.UTF_8));
                if (RELEASED_AS.containsKey(module)) {
                    // one level up in the student repository: the parent pom and the repository root are next to it
                    pom = pom.replace("<relativePath>../../pom.xml</relativePath>", "<relativePath>../pom.xml</relativePath>")
                            .replace("${project.basedir}/../..", "${project.basedir}/..");
                }
                Files.writeString(target, pom, StandardCharsets.UTF_8);
            } else if (WITH_REGIONS.contains(module) && file.toString().endsWith(".java")) {
                String text = Files.readString(file, StandardCharsets.UTF_8);
                String stripped = SolutionRegions.strip(relative, text);
                if (!stripped.equals(text)) {
                    stubbed++;
                }
                Files.writeString(target, stripped, StandardCharsets.UTF_8);
            } else if (file.toString().endsWith(".md")) {
                String text = Files.readString(file, StandardCharsets.UTF_8);
                Files.writeString(target, SolutionRegions.stripInstructorNotes(relative, text), StandardCharsets.UTF_8);
            } else {
                Files.copy(file, target);
            }
            files++;
        }
    }

    /**
     * Copies a folder of the repository as it is, but for the instructor blocks of its Markdown
     * files and the files its {@code .releaseignore} lists (docs/ keeps the instructors' notes on
     * the kit's performance that way: they describe the solutions' design and cost).
     */
    private void copyTree(Path dir) throws IOException {
        for (Path file : released(dir)) {
            String relative = relative(from, file);
            Path target = to.resolve(relative);
            Files.createDirectories(target.getParent());
            if (file.toString().endsWith(".md")) {
                String text = Files.readString(file, StandardCharsets.UTF_8);
                Files.writeString(target, SolutionRegions.stripInstructorNotes(relative, text), StandardCharsets.UTF_8);
            } else {
                Files.copy(file, target);
            }
            files++;
        }
    }

    private static List<Path> sourceFiles(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(p -> p.toString().endsWith(".java") || p.toString().endsWith(".md")
                            || p.getFileName().toString().equals("pom.xml"))
                    .filter(p -> !dir.relativize(p).startsWith("target"))
                    .sorted()
                    .toList();
        }
    }

    private static String relative(Path root, Path file) {
        return root.relativize(file).toString().replace('\\', '/');
    }

    private static String studentReadme() {
        try (var in = Release.class.getResourceAsStream("student-README.md")) {
            if (in == null) {
                throw new IllegalStateException("student-README.md is missing from the grader");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** How many files the release wrote, and how many of them had solution regions stubbed. */
    public String summary() {
        return files + " files written, " + stubbed + " with solution regions replaced by stubs";
    }
}
