package grading;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The instructor's tool: {@code release} writes the student repository, {@code grade} grades a
 * submission with the graded tests, {@code rules} maps the statement's rules to tests and mistakes,
 * {@code prove} checks that the graded tests catch each planted mistake as its header says.
 *
 * <pre>
 *   java -jar grading/target/grader.jar release --out ../student-repo
 *   java -jar grading/target/grader.jar grade SUBMISSION --results results.json [--junit-xml F] [--fail-under S]
 *   java -jar grading/target/grader.jar grade --submissions DIR --out OUTDIR [--jobs N]
 *   java -jar grading/target/grader.jar rules          (each rule of the statement, its tests and planted mistakes)
 *   java -jar grading/target/grader.jar prove [PATCH...]  (the planted mistakes caught as their headers say)
 * </pre>
 *
 * Exit codes: 0 when the command did its job (whatever the score), 1 when the score is below
 * {@code --fail-under}, 2 for a bad command line, 4 when grading itself could not be done.
 */
@Command(name = "grader", mixinStandardHelpOptions = true, version = "grader 1.0",
        description = "Release the student repository and grade submissions.",
        subcommands = {ReleaseCommand.class, GradeCommand.class, RulesCommand.class, ProveCommand.class})
public final class Grader {

    static final int BELOW_FAIL_UNDER = 1;
    static final int USAGE = 2;
    static final int GRADING_FAILED = 4;

    public static void main(String[] args) throws java.io.IOException, InterruptedException {
        if (Utf8Names.mustRunAgain()) {
            System.exit(Utf8Names.runAgain(args)); // a C locale: file names in any alphabet need UTF-8
        }
        System.exit(execute(args));
    }

    public static int execute(String... args) {
        CommandLine cli = new CommandLine(new Grader());
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            commandLine.getErr().println("grader: " + e.getMessage());
            return GRADING_FAILED;
        });
        return cli.execute(args); // no subcommand: picocli prints the usage, exit code 2
    }
}
