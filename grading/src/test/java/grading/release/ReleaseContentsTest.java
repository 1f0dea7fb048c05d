package grading.release;

import static org.assertj.core.api.Assertions.assertThat;

import grading.Repo;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The release is the student's: it writes exactly the files that students get (the list
 * {@code student-files.txt} beside this test, where a new file must be decided on), and nothing in
 * them describes the instructors' solution or its cost, the notes that stay with the instructors
 * (docs/performance.md, kept out by docs/.releaseignore). Every link of its pages leads to a page
 * of the release.
 */
class ReleaseContentsTest {

    static final String MANIFEST = "student-files.txt";

    /**
     * Phrases that describe the instructors' solution, in English and in Russian (case-insensitive,
     * whole words). A student may read that a grader compares with a solution of its own; never what
     * that solution is, how it is built, or what it costs. "Reference" alone is ordinary Java (an
     * object reference, a method reference), so only the phrases that name a solution count.
     */
    static final List<Pattern> INSTRUCTOR_NOTES = Stream.of(
                    "\\breference(?:'s)? (?:solutions?|gather|awaittask|implementation|server|design|code)\\b",
                    "\\bthe reference's\\b",
                    "\\bsolutions? students compare\\b",
                    "\\bstudents compare theirs\\b",
                    "\\b(?:instructors?'s?|instructors'|model|sample|official) solutions?\\b",
                    "\\bэталонн\\w* решени",
                    "\\bрешени\\w* преподавател")
            .map(p -> Pattern.compile(p, Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE | Pattern.UNICODE_CHARACTER_CLASS))
            .toList();

    /** A Markdown link or image to a path of the repository: {@code [text](path)} or {@code [text](path#anchor)}. */
    static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s#]+)(?:#[^)\\s]*)?\\)");

    @TempDir
    static Path out;

    static List<String> released;

    @BeforeAll
    static void release() throws IOException {
        new Release(Repo.root(), out).write();
        try (Stream<Path> walk = Files.walk(out)) {
            released = walk.filter(Files::isRegularFile).map(f -> out.relativize(f).toString().replace('\\', '/'))
                    .sorted().toList();
        }
    }

    @Test
    void theReleaseWritesExactlyTheFilesStudentsGet() throws IOException {
        Map<String, PathMatcher> rules = manifest();
        List<String> problems = new ArrayList<>();
        for (String file : released) {
            if (rules.values().stream().noneMatch(rule -> rule.matches(Path.of(file)))) {
                problems.add(file + ": the release writes it, but " + MANIFEST + " does not say students get it"
                        + " (add it there, or keep it with the instructors in a .releaseignore)");
            }
        }
        rules.forEach((glob, rule) -> {
            if (released.stream().noneMatch(file -> rule.matches(Path.of(file)))) {
                problems.add(glob + ": " + MANIFEST + " says students get it, but the release writes no such file");
            }
        });
        assertThat(problems).isEmpty();
    }

    @Test
    void noReleasedTextDescribesTheInstructorsSolutionOrItsCost() throws IOException {
        List<String> found = new ArrayList<>();
        for (String file : released) {
            if (file.endsWith(".png")) {
                continue; // pictures (the guides' screenshots) hold no text to read
            }
            List<String> lines = Files.readAllLines(out.resolve(file), StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                for (Pattern note : INSTRUCTOR_NOTES) {
                    Matcher m = note.matcher(lines.get(i));
                    if (m.find()) {
                        found.add(file + ":" + (i + 1) + ": \"" + m.group() + "\" describes the instructors' solution");
                    }
                }
            }
        }
        assertThat(found).isEmpty();
    }

    @Test
    void everyLinkOfAReleasedPageLeadsToAFileOfTheRelease() throws IOException {
        List<String> broken = new ArrayList<>();
        for (String file : released) {
            if (!file.endsWith(".md")) {
                continue;
            }
            Path page = out.resolve(file);
            Matcher m = LINK.matcher(Files.readString(page, StandardCharsets.UTF_8));
            while (m.find()) {
                String target = m.group(1);
                if (target.contains("://") || target.startsWith("mailto:")) {
                    continue; // the web, not the repository
                }
                if (!Files.exists(page.getParent().resolve(target).normalize())) {
                    broken.add(file + " links " + target + ", which the release does not have");
                }
            }
        }
        assertThat(broken).isEmpty();
    }

    /** The rule finds what it is for: the instructors' notes on performance, as they read today. */
    @Test
    void theRuleFindsThePhrasesOfTheInstructorsNotes() {
        assertThat(List.of("What changed in step 10 for it (the solution students compare theirs with, and the given streams):",
                        "| gather: ns per task, 100k tasks (homework's reference gather) | 1157 |",
                        "the reference solution keeps the waiters in the key's attachment",
                        "Эталонное решение хранит ожидающих в attachment ключа."))
                .allSatisfy(line -> assertThat(INSTRUCTOR_NOTES).anySatisfy(p -> assertThat(p.matcher(line).find()).isTrue()));
        assertThat(List.of("a method reference's target", "reads the reference sees the whole object",
                        "There is no reference of the earlier steps to borrow",
                        "against its own solution's growth on the same machine"))
                .allSatisfy(line -> assertThat(INSTRUCTOR_NOTES).noneSatisfy(p -> assertThat(p.matcher(line).find()).isTrue()));
    }

    @Test
    void aFolderThatGoesOutWholeKeepsWhatItsReleaseignoreListsWithTheInstructors(@TempDir Path repo) throws IOException {
        Files.writeString(repo.resolve("pom.xml"), "<project/>");
        Files.createDirectories(repo.resolve("homework"));
        Path docs = Files.createDirectories(repo.resolve("docs"));
        Files.writeString(docs.resolve(".releaseignore"), "# the instructors' notes\nnotes.md\n");
        Files.writeString(docs.resolve("notes.md"), "# How the reference is built\n");
        Files.writeString(docs.resolve("guide.md"), "# Guide\n");
        Path target = repo.resolve("release");
        new Release(repo, target).write();
        assertThat(target.resolve("docs/guide.md")).exists();
        assertThat(target.resolve("docs/notes.md")).doesNotExist();
        assertThat(target.resolve("docs/.releaseignore")).doesNotExist();
    }

    /** The globs of {@code student-files.txt}, each with its matcher, in the file's order. */
    static Map<String, PathMatcher> manifest() throws IOException {
        Map<String, PathMatcher> rules = new LinkedHashMap<>();
        try (InputStream in = ReleaseContentsTest.class.getResourceAsStream(MANIFEST)) {
            assertThat(in).as(MANIFEST + " beside " + ReleaseContentsTest.class.getSimpleName()).isNotNull();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList()) {
                String glob = line.strip();
                if (!glob.isEmpty() && !glob.startsWith("#")) {
                    rules.put(glob, FileSystems.getDefault().getPathMatcher("glob:" + glob));
                }
            }
        }
        return rules;
    }
}
