package grading.release;

import static org.assertj.core.api.Assertions.assertThat;

import grading.Repo;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the student's Maven command prints around the tests, in a fresh release: no raw terminal
 * codes (Maven 3.8's Jansi ends every {@code -q} run with {@code ESC[0m} twice unless the
 * release's {@code .mvn/jvm.config} says {@code -Djansi.noreset=true}), and on the first build
 * one line per module that it is building, nothing more. Maven runs up to {@code validate}
 * only (where the line is printed), offline, so that this takes seconds.
 */
class StudentBuildOutputTest {

    @TempDir
    Path out;

    @Test
    void theFirstBuildSaysOneLinePerModuleAndNoTerminalCode() throws Exception {
        new Release(Repo.root(), out).write();

        String first = maven("validate", "-Dstudent");

        assertThat(first).as("no terminal code in %s", first.replace("\u001b", "ESC")).doesNotContain("\u001b");
        assertThat(first.lines().toList()).containsExactly(
                "building mini-asyncio (runtime and CLI) ...",
                "building mini-asyncio (allowlist screen) ...",
                "building mini-asyncio (homework) ...",
                "building mini-asyncio (exercises) ...");
    }

    @Test
    void aModuleBuiltOnceIsNotAnnouncedAgain() throws Exception {
        new Release(Repo.root(), out).write();
        for (String module : List.of("mini-asyncio", "allowlist", "homework", "exercises")) {
            java.nio.file.Files.createDirectories(out.resolve(module).resolve("target/classes"));
        }

        assertThat(maven("validate", "-Dstudent")).isEmpty();
    }

    /** {@code mvn -q} in the release, as a student runs it on a terminal's default (no -B). */
    private String maven(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("mvn", "-q", "-o"));
        String repository = System.getProperty("maven.repo.local");
        if (repository != null) {
            command.add("-Dmaven.repo.local=" + repository);
        }
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(out.toFile()).redirectErrorStream(true);
        builder.environment().remove("MAVEN_OPTS"); // the release's own .mvn/jvm.config decides
        Process p = builder.start();
        byte[] printed = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        String text = new String(printed, StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(text).isZero();
        // Maven's own libraries on a JDK 24+ make the JVM warn (sun.misc.Unsafe), in lines of its
        // own that no option common to every JDK 21+ turns off: not the build's, left out here.
        return text.lines().filter(l -> !l.startsWith("WARNING: "))
                .map(l -> l + "\n").reduce("", String::concat);
    }
}
