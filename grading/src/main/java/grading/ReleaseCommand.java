package grading;

import grading.release.Release;
import instructor.SolutionRegions;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code release --out DIR}: writes the student repository. */
@Command(name = "release", mixinStandardHelpOptions = true,
        description = "Write the student repository: runtime, homework and exercises with stubs, visible tests.")
final class ReleaseCommand implements Callable<Integer> {

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "A new or empty directory.")
    Path out;

    @Option(names = "--from", paramLabel = "REPO",
            description = "The instructor repository (default: the one grader.jar was built in).")
    Path from;

    @Override
    public Integer call() throws Exception {
        Path repo = from != null ? from : Kit.instructorRepo();
        Release release = new Release(repo.toAbsolutePath().normalize(), out.toAbsolutePath().normalize());
        try {
            release.write();
        } catch (SolutionRegions.MarkerException e) {
            System.err.println("release: bad solution marker: " + e.getMessage());
            return Grader.GRADING_FAILED;
        } catch (IllegalArgumentException e) {
            System.err.println("release: " + e.getMessage());
            return Grader.USAGE;
        }
        System.out.println("released to " + out + ": " + release.summary());
        return 0;
    }
}
