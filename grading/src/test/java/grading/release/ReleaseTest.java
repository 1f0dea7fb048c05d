package grading.release;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import grading.Repo;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReleaseTest {

    @TempDir
    Path out;

    @Test
    void theReleaseHasTheStudentModulesWithStubsAndNothingOfTheInstructors() throws Exception {
        new Release(Repo.root(), out).write();

        assertThat(out.resolve("grading")).doesNotExist();
        assertThat(out.resolve("mini-asyncio/pom.xml")).exists();
        assertThat(out.resolve("homework/src/test/java/homework/HomeworkTest.java")).exists();
        assertThat(out.resolve("homework/README.md")).exists();
        assertThat(out.resolve("README.md")).exists();
        assertThat(Files.readString(out.resolve("README.md"))).as("the student README carries the lecture-to-Java table")
                .contains("## Python to Java")
                .contains("| `_step_one()` | `stepOne()` |")
                .doesNotContain("## Seeing the loop");
        assertThat(Files.readString(out.resolve("pom.xml"))).doesNotContain("<module>grading</module>")
                .contains("<module>homework</module>");
        assertThat(Files.readString(out.resolve("homework/src/main/java/homework/Homework.java")))
                .contains("throw new NotImplementedYet(\"Homework.gather\", "
                        + "\"homework/src/main/java/homework/Homework.java\");");
        assertThat(Files.readString(out.resolve("homework/src/main/java/homework/HomeworkScheduler.java")))
                .contains("// your fields and helper methods here")
                .doesNotContain("waiting.computeIfAbsent");
        try (Stream<Path> walk = Files.walk(out)) {
            assertThat(walk.filter(p -> p.toString().contains("target"))).isEmpty();
        }
    }

    @Test
    void theReleaseHasTheGuidesTheIdeFilesAndTheStudentCommands() throws Exception {
        new Release(Repo.root(), out).write();
        assertThat(out.resolve("docs/observing.md")).exists();
        assertThat(out.resolve(".run/Template JUnit.run.xml")).exists();
        assertThat(out.resolve(".vscode/launch.json")).exists();
        assertThat(Files.readString(out.resolve(".vscode/settings.json"))).contains("java.test.config");
        assertThat(Files.readString(out.resolve("pom.xml")))
                .as("the student profile: the student's tests only, and the summary").contains("<id>student</id>")
                .contains("miniasyncio.cli.TestSummary")
                .as("the build picks a JDK 21+ itself").contains("<goal>select-jdk-toolchain</goal>");
        assertThat(Files.readString(out.resolve("README.md")))
                .contains("mvn -q test -Dstudent ", "mvn -q test -Dstudent=check -pl homework -am")
                .contains("upload `HomeworkScheduler.java` and `Homework.java`", "Classroom 50 or GitHub Actions")
                .contains("## What your code may use", "`java.util.Timer`")
                .contains("--trace", "--debug", "@AsyncTest", "docs/observing.md")
                .contains("You need a **JDK 21 or newer** installed anywhere usual, and Maven 3.8+; nothing to set.")
                .doesNotContain("export JAVA_HOME");
    }

    @Test
    void nothingInTheReleaseMentionsSolutionsHiddenTestsOrTheInstructorModule() throws Exception {
        new Release(Repo.root(), out).write();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(out)) {
            // pictures (the guides' screenshots) hold no text to check
            files = walk.filter(Files::isRegularFile).filter(f -> !f.toString().endsWith(".png")).toList();
        }
        for (Path file : files) {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            assertThat(text).as(out.relativize(file) + " has a solution marker").doesNotContain("SOLUTION");
            // whole words: "hidden" alone is ordinary code (a hidden CLI option, CSS), "hidden test" is not
            assertThat(text.toLowerCase(Locale.ROOT)).as(out.relativize(file) + " mentions grading or hidden tests")
                    .doesNotContainPattern("\\bgrading\\b")
                    .doesNotContainPattern("\\bhidden[ -]tests?\\b")
                    .doesNotContain("instructor -->");
        }
    }

    /**
     * The instructor's tools (grading/instructor: the stripper, the planted mistakes' patches) stay
     * home: no file of the module, no class of its package, and no pom that names it, so the student
     * build never looks for an artifact it cannot have. The exercises' instructor-only tests use
     * them; they stay home too (exercises/.releaseignore), and the exercises pom's dependency with them.
     */
    @Test
    void noPartOfTheInstructorToolsGoesOut() throws Exception {
        assertThat(Files.readString(Repo.root().resolve("exercises/pom.xml")))
                .as("the instructor repository's exercises use the tools, so leaving them out is a decision")
                .contains("<artifactId>instructor</artifactId>");
        assertThat(Repo.root().resolve("grading/instructor/src/main/java/instructor/SolutionRegions.java")).exists();

        new Release(Repo.root(), out).write();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(out)) {
            files = walk.filter(Files::isRegularFile).toList();
        }
        Pattern usesTheTools = Pattern.compile("(?m)^\\s*(?:package|import)\\s+(?:static\\s+)?instructor\\b");
        for (Path file : files) {
            String name = out.relativize(file).toString().replace('\\', '/');
            assertThat(name).as("a file of the instructor tools' module or package")
                    .doesNotContain("/instructor/").doesNotStartWith("instructor/");
            if (name.endsWith(".java")) {
                assertThat(Files.readString(file, StandardCharsets.UTF_8)).as(name + " uses the instructor tools")
                        .doesNotContainPattern(usesTheTools);
            } else if (name.endsWith("pom.xml")) {
                assertThat(Files.readString(file, StandardCharsets.UTF_8)).as(name + " names the instructor tools")
                        .doesNotContain("<artifactId>instructor</artifactId>", "grading/instructor", "BEGIN INSTRUCTOR");
            }
        }
        assertThat(Files.readString(out.resolve("exercises/pom.xml"))).as("the rest of the exercises pom goes out")
                .contains("<artifactId>mini-asyncio</artifactId>", "<artifactId>junit-platform-launcher</artifactId>");
    }

    @Test
    void instructorBlocksOfAPomAreLeftOut(@TempDir Path repo) throws Exception {
        Files.writeString(repo.resolve("pom.xml"), "<project/>");
        Files.createDirectories(repo.resolve("homework"));
        Path module = Files.createDirectories(repo.resolve("exercises"));
        Files.writeString(module.resolve("pom.xml"), "<project>\n  <dependencies>\n    <!-- BEGIN INSTRUCTOR -->\n"
                + "    <dependency><artifactId>instructor</artifactId></dependency>\n    <!-- END INSTRUCTOR -->\n"
                + "    <dependency><artifactId>mini-asyncio</artifactId></dependency>\n  </dependencies>\n</project>\n");
        Path released = out.resolve("release");
        new Release(repo, released).write();
        assertThat(Files.readString(released.resolve("exercises/pom.xml"))).isEqualTo("<project>\n  <dependencies>\n"
                + "    <dependency><artifactId>mini-asyncio</artifactId></dependency>\n  </dependencies>\n</project>\n");
    }

    @Test
    void instructorBlocksOfMarkdownFilesAndOtherModulesAreLeftOut(@TempDir Path repo) throws Exception {
        Files.writeString(repo.resolve("pom.xml"), "<project>\n  <modules>\n    <module>mini-asyncio</module>\n"
                + "    <module>homework</module>\n    <module>grading</module>\n    <module>mini-asyncio/jmh</module>\n"
                + "  </modules>\n</project>\n");
        Path readme = Files.createDirectories(repo.resolve("homework")).resolve("README.md");
        Files.writeString(readme, "# Homework\n<!-- BEGIN INSTRUCTOR -->\nThe reference is in regions.\n"
                + "<!-- END INSTRUCTOR -->\nDo it.\n");
        Path released = out.resolve("release");
        new Release(repo, released).write();
        assertThat(Files.readString(released.resolve("homework/README.md"))).isEqualTo("# Homework\nDo it.\n");
        assertThat(Files.readString(released.resolve("pom.xml")))
                .contains("<module>mini-asyncio</module>", "<module>homework</module>")
                .doesNotContain("grading", "mini-asyncio/jmh");
    }

    @Test
    void filesListedInReleaseignoreStayWithTheInstructor(@TempDir Path repo) throws Exception {
        Files.writeString(repo.resolve("pom.xml"), "<project/>");
        Path module = Files.createDirectories(repo.resolve("exercises"));
        Files.writeString(module.resolve(".releaseignore"), "# instructor tools\ntools/**\n");
        Files.createDirectories(module.resolve("tools"));
        Files.writeString(module.resolve("tools/check.sh"), "echo check\n");
        Files.writeString(module.resolve("pom.xml"), "<project/>");
        Files.createDirectories(repo.resolve("homework"));
        Path released = out.resolve("release");
        new Release(repo, released).write();
        assertThat(released.resolve("exercises/pom.xml")).exists();
        assertThat(released.resolve("exercises/tools")).doesNotExist();
        assertThat(released.resolve("exercises/.releaseignore")).doesNotExist();
    }

    @Test
    void anUnclosedInstructorBlockIsAnErrorWithFileAndLine(@TempDir Path repo) throws Exception {
        Files.writeString(repo.resolve("pom.xml"), "<project/>");
        Path readme = Files.createDirectories(repo.resolve("exercises")).resolve("README.md");
        Files.writeString(readme, "# Exercises\n\n<!-- BEGIN INSTRUCTOR -->\nnotes\n");
        assertThat(Release.markerProblems(repo))
                .containsExactly("exercises/README.md:3: instructor block is never closed: add <!-- END INSTRUCTOR -->");
    }

    @Test
    void aBadMarkerStopsTheReleaseBeforeAnythingIsWritten(@TempDir Path repo) throws Exception {
        Files.writeString(repo.resolve("pom.xml"), "<project/>");
        Path java = repo.resolve("homework/src/main/java/homework/Broken.java");
        Files.createDirectories(java.getParent());
        Files.writeString(java, "class Broken {\n void a() {\n // BEGIN SOLUTION\n }\n}\n");
        Path target = out.resolve("release");
        assertThatThrownBy(() -> new Release(repo, target).write())
                .hasMessageContaining("homework/src/main/java/homework/Broken.java:3:");
        assertThat(target).doesNotExist();
    }

    @Test
    void aNonEmptyOutputDirectoryIsRefused() throws Exception {
        Files.writeString(out.resolve("keep.txt"), "mine");
        assertThatThrownBy(() -> new Release(Repo.root(), out).write())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is not empty");
    }
}
