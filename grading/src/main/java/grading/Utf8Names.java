package grading;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The grader reads a submission's file names in any alphabet. The JDK decodes file names with
 * the locale's charset ({@code sun.jnu.encoding}), fixed when the JVM starts: in the C locale of
 * a container or a CI runner (no LANG at all) it is ASCII, and a source named {@code Задание.java}
 * cannot even be opened. So a grader started there runs itself again once, in the UTF-8 locale
 * every glibc has, as the jars already run themselves again on a JDK 21+.
 */
final class Utf8Names {

    /** Set in the JVM started again, so that a machine without a UTF-8 locale cannot make it loop. */
    static final String RELAUNCHED = "grading.utf8Relaunched";

    private Utf8Names() {
    }

    /** Whether this JVM cannot name every file a submission may have, and has not tried again yet. */
    static boolean mustRunAgain() {
        return !"UTF-8".equalsIgnoreCase(System.getProperty("sun.jnu.encoding", "UTF-8"))
                && System.getProperty(RELAUNCHED) == null;
    }

    /** This grader again, on the same java with the same options and arguments, in C.UTF-8; its exit code. */
    static int runAgain(String[] args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments()); // -Xmx, -D...: carried over
        command.addAll(List.of("--add-exports", "java.base/jdk.internal.vm=ALL-UNNAMED", "-D" + RELAUNCHED + "=true",
                "-cp", System.getProperty("java.class.path"), Grader.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder again = new ProcessBuilder(command);
        again.environment().put("LC_ALL", "C.UTF-8");
        again.environment().put("LANG", "C.UTF-8");
        return again.inheritIO().start().waitFor();
    }
}
