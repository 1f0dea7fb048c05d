package miniasyncio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's promise to a project of one's own: {@code mvn install} of the runtime module puts
 * the kit in the local Maven repository, and a separate 15-line Maven project that depends on it
 * by its coordinates compiles and runs two tasks on the loop. Slow (two Maven builds, about a
 * minute), so it runs with {@code -Dproofs} (this module's proofs profile), not in every verify.
 *
 * <p>Nothing here touches the user's own local repository or this tree's target/: the kit's
 * sources are copied to a fresh folder (a clone, as the reader has), and the local repository is
 * a copy of ~/.m2's (offline, {@code -o}) without any earlier mini-asyncio in it.
 */
class MavenInstallSlowIT {

    static final Path REPO = Path.of("..").toAbsolutePath().normalize();

    /** The README's pom, as a reader copies it (its section "Your own program"). */
    static final String POM = SourceProgramTest.readmeBlock("```xml");

    @TempDir
    Path dir;

    @Test
    void theKitInstallsAndAProjectOfOnesOwnDependsOnIt() throws Exception {
        Path clone = copyOfTheKit(dir.resolve("clone"));
        Path local = seededRepository(dir.resolve("m2"));

        Result install = mvn(clone, local, "install", "-pl", "mini-asyncio", "-am", "-Dmaven.test.skip=true", "-DnoProgress");
        assertThat(install.exit()).as(install.output()).isZero();
        assertThat(local.resolve("io/github/miniasyncio/mini-asyncio/1.0.0-SNAPSHOT/mini-asyncio-1.0.0-SNAPSHOT.jar")).isRegularFile();

        Path project = Files.createDirectories(dir.resolve("hello/src/main/java"));
        Files.writeString(project.getParent().getParent().getParent().resolve("pom.xml"), POM);
        Files.writeString(project.resolve("Hello.java"), SourceProgramTest.HELLO); // the README's program
        Result run = mvn(dir.resolve("hello"), local, "compile", "exec:exec");
        assertThat(run.exit()).as(run.output()).isZero();
        assertThat(run.output()).contains("[A] step 0", "[B] step 0", "[A] step 1", "[B] step 1", "[A] step 2");
        assertThat(POM.lines().count()).isLessThanOrEqualTo(16);
    }

    /**
     * A first build with -q talks: a line per module, and where it is whenever progress.seconds
     * pass without one (14 s; 1 s here, so that the compiling of the runtime, seconds long, shows it).
     */
    @Test
    void aFirstQuietBuildSaysWhereItIsWheneverItHasBeenSilent() throws Exception {
        Path clone = copyOfTheKit(dir.resolve("clone"));
        Path local = Path.of(System.getProperty("maven.repo.local",
                Path.of(System.getProperty("user.home"), ".m2", "repository").toString()));
        // compile only: nothing is installed, so the user's repository is only read
        Result build = mvn(clone, local, "compile", "-pl", "mini-asyncio", "-Dprogress.seconds=1");
        assertThat(build.exit()).as(build.output()).isZero();
        assertThat(build.output()).contains("building mini-asyncio (runtime and CLI) ...\n")
                .containsPattern("(?m)^  \\.\\.\\. still building mini-asyncio \\(runtime and CLI\\): compiling \\(\\d+ s since the start\\)$");
    }

    /** The kit as a clone has it, for the runtime module: every module's pom (the reactor reads them all), its sources. */
    private static Path copyOfTheKit(Path clone) throws IOException {
        for (String pom : List.of("pom.xml", "mini-asyncio/pom.xml", "grading/allowlist/pom.xml",
                "grading/instructor/pom.xml", "homework/pom.xml", "exercises/pom.xml", "grading/pom.xml")) {
            copy(REPO.resolve(pom), clone.resolve(pom));
        }
        copyTree(REPO.resolve(".mvn"), clone.resolve(".mvn"), p -> true);
        copyTree(REPO.resolve("mini-asyncio/src/main"), clone.resolve("mini-asyncio/src/main"), p -> true);
        return clone;
    }

    /** ~/.m2/repository (or this build's -Dmaven.repo.local) without the kit's own artifacts. */
    private static Path seededRepository(Path local) throws IOException {
        String given = System.getProperty("maven.repo.local");
        Path seed = given != null ? Path.of(given) : Path.of(System.getProperty("user.home"), ".m2", "repository");
        Path kit = seed.resolve("io/github/miniasyncio");
        copyTree(seed, local, p -> !p.startsWith(kit));
        return local;
    }

    private static void copyTree(Path from, Path to, java.util.function.Predicate<Path> keep) throws IOException {
        if (!Files.isDirectory(from)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : (Iterable<Path>) walk.filter(keep)::iterator) {
                if (Files.isRegularFile(p)) {
                    copy(p, to.resolve(from.relativize(p).toString()));
                }
            }
        }
    }

    private static void copy(Path from, Path to) throws IOException {
        Files.createDirectories(to.getParent());
        Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
    }

    record Result(int exit, String output) {
    }

    /** mvn offline on this test's JDK (21+: the project compiles against the kit's Java 21 classes). */
    private static Result mvn(Path where, Path local, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("mvn", "-B", "-q", "-o", "-Dmaven.repo.local=" + local));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(where.toFile()).redirectErrorStream(true);
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Path log = Files.createTempFile(where, "mvn", ".log");
        Process process = builder.redirectOutput(log.toFile()).start();
        if (!process.waitFor(8, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            return new Result(-1, "timed out: " + command + "\n" + Files.readString(log, StandardCharsets.UTF_8));
        }
        return new Result(process.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    }
}
