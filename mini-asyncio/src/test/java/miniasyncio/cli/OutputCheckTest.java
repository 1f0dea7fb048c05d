package miniasyncio.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every file that {@code run} or {@code bench} writes at its end is checked before anything runs:
 * a file that cannot be written stops the command at once, exit 2, with the OS's reason, and the
 * program (or the bench) never starts, so nothing is computed and then lost.
 */
class OutputCheckTest {

    @TempDir
    static Path dir;

    /** Each output option of run, and bench's --json (run the same way, as the CLI's arguments). */
    static Stream<Arguments> outputs() {
        return Stream.of(
                Arguments.of(List.of("run", "Example", "--virtual-time"), "--step-through"),
                Arguments.of(List.of("run", "Example", "--virtual-time"), "--trace-out"),
                Arguments.of(List.of("run", "Example", "--virtual-time"), "--trace-html"),
                Arguments.of(List.of("bench", "--smoke"), "--json"));
    }

    private static CliRun run(List<String> command, String option, Path file) {
        Stream<String> args = Stream.concat(command.stream(), Stream.of(option, file.toString()));
        return CliRun.of(args.toArray(String[]::new));
    }

    /** Neither the example ("[A] step 0") nor the bench ("switch:") printed anything. */
    private static void assertNothingRan(CliRun run) {
        assertThat(run.exit()).isEqualTo(Cli.USAGE);
        assertThat(run.out()).doesNotContain("step 0").doesNotContain("switch").doesNotContain("mini-asyncio bench");
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("outputs")
    void aFileWhereTheOsTakesNoNewFilesStopsBeforeTheRun(List<String> command, String option) {
        assumeTrue(Files.isDirectory(Path.of("/proc/self")), "needs Linux's /proc");
        CliRun run = run(command, option, Path.of("/proc/x.html"));
        assertNothingRan(run);
        assertThat(run.err()).contains(option + " /proc/x.html: cannot write it: no such file or directory"
                + " (/proc takes no new files)");
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("outputs")
    void aFileUnderARegularFileIsNotInAFolder(List<String> command, String option) throws Exception {
        Path plain = Files.writeString(dir.resolve("plain-" + option.substring(2) + ".txt"), "a file");
        CliRun run = run(command, option, plain.resolve("sub/x.html"));
        assertNothingRan(run);
        assertThat(run.err()).contains("not a folder: " + plain + " is a file");
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("outputs")
    void aMissingFolderIsNoSuchFolder(List<String> command, String option) {
        CliRun run = run(command, option, dir.resolve("no/such/x.html"));
        assertNothingRan(run);
        assertThat(run.err()).contains("no such folder: " + dir.resolve("no/such") + " does not exist");
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("outputs")
    void aReadOnlyFolderIsPermissionDenied(List<String> command, String option) throws Exception {
        Path locked = Files.createDirectories(dir.resolve("locked-" + option.substring(2)));
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            // Root writes whatever the permission bits say: then there is nothing to see here.
            Path probe = locked.resolve("probe");
            boolean bitsHold;
            try {
                Files.createFile(probe);
                Files.delete(probe);
                bitsHold = false;
            } catch (java.nio.file.AccessDeniedException e) {
                bitsHold = true;
            }
            assumeTrue(bitsHold, "permission bits do not stop this user (root) from writing");
            CliRun run = run(command, option, locked.resolve("x.html"));
            assertNothingRan(run);
            assertThat(run.err()).contains("cannot write it: permission denied");
        } finally {
            Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    @Test
    void aFolderSaysSoAndSuggestsAFileOfItsKind() {
        CliRun run = CliRun.of("run", "Example", "--trace-html", dir.toString());
        assertNothingRan(run);
        assertThat(run.err()).contains("--trace-html " + dir + ": is a folder; give a file name, e.g. " + dir.resolve("run.html"));
    }

    @Test
    void theCheckLeavesAnExistingFileAsItWasAndCreatesNone() throws Exception {
        Path old = Files.writeString(dir.resolve("old.json"), "kept");
        assertThat(OutputFile.problem(old, "x.json")).isEmpty();
        assertThat(old).hasContent("kept");
        Path fresh = dir.resolve("fresh.json");
        assertThat(OutputFile.problem(fresh, "x.json")).isEmpty();
        assertThat(fresh).doesNotExist();
    }
}
