package miniasyncio.cli;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * The entry point of both jars, mini-asyncio.jar and grader.jar. It is compiled for Java 8 on
 * purpose, so that an old JVM can still load it and either run the jar again on a JDK 21+ it
 * finds (JAVA_HOME's first, then where the build looks: {@link JdkFinder}), or say in one line
 * which JDK is needed, instead of an {@code UnsupportedClassVersionError}. Then it checks the two
 * things an IDE or a plain {@code java -cp} may lack (the JVM option, picocli) and says what to
 * add. Everything else is Java 21, reached by name once the version is known to be good: the
 * class named by the jar manifest's {@code Launcher-Main} ({@code miniasyncio.cli.Cli} when
 * there is none, as when run from classes), under the name of {@code Launcher-Name}.
 */
public final class Launcher {

    static final int REQUIRED = 21;
    static final String PICOCLI = "picocli.CommandLine";
    static final String NO_PICOCLI = "mini-asyncio's command line needs picocli, which is not on the class path."
            + " Run the jar (java -jar mini-asyncio/target/mini-asyncio.jar, picocli is inside), or from Maven"
            + " (mvn -q -pl mini-asyncio compile exec:exec -Dcli.args=\"list\"), or add picocli's jar to -cp.";
    /** Set in the JVM that the launcher starts again, so that it can never loop. */
    static final String RELAUNCHED = "miniasyncio.relaunched";
    /** Manifest attributes: the Java 21 main class to start, and the tool's name in messages. */
    static final String MAIN_ATTRIBUTE = "Launcher-Main";
    static final String NAME_ATTRIBUTE = "Launcher-Name";

    private Launcher() {
    }

    public static void main(String[] args) throws Throwable {
        Attributes manifest = ownManifest();
        String mainClass = attribute(manifest, MAIN_ATTRIBUTE, "miniasyncio.cli.Cli");
        String name = attribute(manifest, NAME_ATTRIBUTE, "mini-asyncio");
        // Which Java runs the jar is said only when asked, with -v first: printed on every call
        // (--help and every error included) it was noise where it was read, and a script's
        // stderr carried it too. The flag is the launcher's own, taken off before the command.
        boolean verbose = args.length > 0 && isVerbose(args[0]);
        if (verbose) {
            args = Arrays.copyOfRange(args, 1, args.length);
        }
        int feature = JdkFinder.featureVersion(System.getProperty("java.specification.version", "0"));
        if (feature < REQUIRED) {
            JdkFinder.Jdk jdk = System.getProperty(RELAUNCHED) == null ? JdkFinder.here().find(REQUIRED) : null;
            if (jdk != null) {
                if (verbose) {
                    System.err.println(rerunLine(name, jdk));
                }
                System.exit(relaunch(jdk.home, args));
            }
            System.err.println(name + " needs Java " + REQUIRED + " or newer, but this is Java "
                    + System.getProperty("java.version") + " (" + System.getProperty("java.home")
                    + "), and no JDK " + REQUIRED + "+ was found in JAVA_HOME or the usual install folders."
                    + " Install one (https://adoptium.net), or point JAVA_HOME at a JDK " + REQUIRED + "+ and put"
                    + " its bin/ first on PATH (export JAVA_HOME=/path/to/jdk-21 PATH=/path/to/jdk-21/bin:$PATH).");
            System.exit(1);
        }
        if (verbose && System.getProperty(RELAUNCHED) == null) {
            System.err.println(name + ": running on Java " + System.getProperty("java.version") + " at "
                    + System.getProperty("java.home") + ".");
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
            Class.forName(mainClass).getMethod("main", String[].class).invoke(null, (Object) args);
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** {@code -v} or {@code --verbose}, as the first argument: say which Java runs the jar. */
    static boolean isVerbose(String arg) {
        return "-v".equals(arg) || "--verbose".equals(arg);
    }

    /** The one line (with -v) that says which JDK the jar runs on now, and where it was found. */
    static String rerunLine(String name, JdkFinder.Jdk jdk) {
        return name + ": this is Java " + System.getProperty("java.version") + "; running again on Java "
                + jdk.feature + " at " + jdk.home + " (from " + jdk.foundIn + ").";
    }

    /**
     * Starts this launcher again on {@code javaHome}'s java, with the same class path (the jar, or
     * the folders of {@code java -cp}), JVM options and arguments, and the JVM option the kit needs.
     */
    static int relaunch(File javaHome, String[] args) throws IOException, InterruptedException {
        return relaunchCommand(javaHome, args).inheritIO().start().waitFor();
    }

    static ProcessBuilder relaunchCommand(File javaHome, String[] args) {
        List<String> command = new ArrayList<String>();
        command.add(new File(new File(javaHome, "bin"), "java").getPath());
        // The user's own options (-Xmx, -Dminiasyncio.stackMb=...) carry over.
        command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        command.add("--add-exports");
        command.add("java.base/jdk.internal.vm=ALL-UNNAMED");
        command.add("-D" + RELAUNCHED + "=true");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(Launcher.class.getName());
        command.addAll(Arrays.asList(args));
        return new ProcessBuilder(command);
    }

    /** The main attributes of the jar this class was loaded from, or null (run from classes). */
    static Attributes ownManifest() {
        try {
            java.security.CodeSource source = Launcher.class.getProtectionDomain().getCodeSource();
            return source == null ? null : manifestOf(new File(source.getLocation().toURI()));
        } catch (Exception e) {
            return null;
        }
    }

    /** The main attributes of the jar at {@code location}, or null if it is no jar (a classes folder). */
    static Attributes manifestOf(File location) {
        if (!location.isFile()) {
            return null;
        }
        try {
            JarFile jar = new JarFile(location);
            try {
                Manifest manifest = jar.getManifest();
                return manifest == null ? null : manifest.getMainAttributes();
            } finally {
                jar.close();
            }
        } catch (IOException e) {
            return null;
        }
    }

    static String attribute(Attributes manifest, String key, String otherwise) {
        String value = manifest == null ? null : manifest.getValue(key);
        return value == null || value.trim().isEmpty() ? otherwise : value.trim();
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
        return (Boolean) Class.forName("miniasyncio.around.ExportCheck").getMethod("continuationsAvailable").invoke(null);
    }

    private static String exportMessage() throws ReflectiveOperationException {
        return (String) Class.forName("miniasyncio.around.ExportCheck").getField("MESSAGE").get(null);
    }
}
