package miniasyncio.cli;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The jar's entry point. It is compiled for Java 8 on purpose, so that an old JVM can still load
 * it and either run the kit again on the JDK 21+ that {@code JAVA_HOME} names, or say in one line
 * which JDK is needed, instead of an {@code UnsupportedClassVersionError}. Then it checks the two
 * things an IDE or a plain {@code java -cp} may lack (the JVM option, picocli) and says what to
 * add. Everything else is Java 21, reached by name once the version is known to be good.
 */
public final class Launcher {

    static final int REQUIRED = 21;
    static final String PICOCLI = "picocli.CommandLine";
    static final String NO_PICOCLI = "mini-asyncio's command line needs picocli, which is not on the class path."
            + " Run the jar (java -jar mini-asyncio/target/mini-asyncio.jar, picocli is inside), or from Maven"
            + " (mvn -q -pl mini-asyncio compile exec:exec -Dcli.args=\"list\"), or add picocli's jar to -cp.";
    /** Set in the JVM that the launcher starts again, so that it can never loop. */
    static final String RELAUNCHED = "miniasyncio.relaunched";

    private Launcher() {
    }

    public static void main(String[] args) throws Throwable {
        int feature = featureVersion(System.getProperty("java.specification.version", "0"));
        if (feature < REQUIRED) {
            String javaHome = System.getenv("JAVA_HOME");
            int homeFeature = javaHome == null ? 0 : releaseVersion(new File(javaHome));
            if (homeFeature >= REQUIRED && System.getProperty(RELAUNCHED) == null) {
                System.err.println("mini-asyncio: this is Java " + System.getProperty("java.version")
                        + "; running again with Java " + homeFeature + " from JAVA_HOME (" + javaHome + ").");
                System.exit(relaunch(new File(javaHome), args));
            }
            System.err.println("mini-asyncio needs Java " + REQUIRED + " or newer, but this is Java "
                    + System.getProperty("java.version") + " (" + System.getProperty("java.home")
                    + "). Point JAVA_HOME at a JDK " + REQUIRED + "+ and put its bin/ first on PATH"
                    + " (export JAVA_HOME=/path/to/jdk-21 PATH=/path/to/jdk-21/bin:$PATH).");
            System.exit(1);
        }
        if (!exportGiven()) {
            System.err.println(exportMessage());
            System.exit(1);
        }
        if (!onClassPath(PICOCLI)) {
            System.err.println(NO_PICOCLI);
            System.exit(1);
        }
        try {
            // By name: this class is Java 8 and cannot link against the Java 21 classes directly.
            Class.forName("miniasyncio.cli.Cli").getMethod("main", String[].class).invoke(null, (Object) args);
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /**
     * Starts this launcher again on {@code javaHome}'s java, with the same class path (the jar, or
     * the folders of {@code java -cp}) and arguments, and the JVM option the kit needs.
     */
    static int relaunch(File javaHome, String[] args) throws IOException, InterruptedException {
        return relaunchCommand(javaHome, args).inheritIO().start().waitFor();
    }

    static ProcessBuilder relaunchCommand(File javaHome, String[] args) {
        List<String> command = new ArrayList<String>();
        command.add(new File(new File(javaHome, "bin"), "java").getPath());
        command.add("--add-exports");
        command.add("java.base/jdk.internal.vm=ALL-UNNAMED");
        command.add("-D" + RELAUNCHED + "=true");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(Launcher.class.getName());
        command.addAll(Arrays.asList(args));
        return new ProcessBuilder(command);
    }

    /** The feature version of the JDK in {@code home} from its {@code release} file, or 0. */
    static int releaseVersion(File home) {
        File release = new File(home, "release");
        if (!release.isFile()) {
            return 0;
        }
        try {
            for (String line : Files.readAllLines(release.toPath(), StandardCharsets.UTF_8)) {
                if (line.startsWith("JAVA_VERSION=")) {
                    return featureVersion(line.substring("JAVA_VERSION=".length()).replace("\"", "").trim());
                }
            }
        } catch (IOException e) {
            return 0;
        }
        return 0;
    }

    /** "1.8" is 8, "17" is 17, "21" is 21. */
    static int featureVersion(String spec) {
        String s = spec.startsWith("1.") ? spec.substring(2) : spec;
        int end = 0;
        while (end < s.length() && Character.isDigit(s.charAt(end))) {
            end++;
        }
        try {
            return Integer.parseInt(s.substring(0, end));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    static boolean onClassPath(String className) {
        try {
            Class.forName(className, false, Launcher.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    /** Asks the kit's ExportCheck, by name (it is Java 21). */
    private static boolean exportGiven() throws ReflectiveOperationException {
        return (Boolean) Class.forName("miniasyncio.ExportCheck").getMethod("continuationsAvailable").invoke(null);
    }

    private static String exportMessage() throws ReflectiveOperationException {
        return (String) Class.forName("miniasyncio.ExportCheck").getField("MESSAGE").get(null);
    }
}
