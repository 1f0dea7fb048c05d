package miniasyncio.cli;

/**
 * The jar's entry point. It is compiled for Java 8 on purpose, so that an old JVM can still load
 * it and say in one line which JDK is needed, instead of an {@code UnsupportedClassVersionError}.
 * Everything else is Java 21, reached by name once the version is known to be good.
 */
public final class Launcher {

    static final int REQUIRED = 21;

    private Launcher() {
    }

    public static void main(String[] args) throws Throwable {
        int feature = featureVersion(System.getProperty("java.specification.version", "0"));
        if (feature < REQUIRED) {
            System.err.println("mini-asyncio needs Java " + REQUIRED + " or newer, but this is Java "
                    + System.getProperty("java.version") + " (" + System.getProperty("java.home")
                    + "). Run it with a JDK " + REQUIRED + "+ (set JAVA_HOME or put its bin/ first on PATH).");
            System.exit(1);
        }
        try {
            // By name: this class is Java 8 and cannot link against the Java 21 classes directly.
            Class.forName("miniasyncio.cli.Cli").getMethod("main", String[].class).invoke(null, (Object) args);
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** "1.8" is 8, "17" is 17, "21" is 21. */
    static int featureVersion(String spec) {
        String s = spec.startsWith("1.") ? spec.substring(2) : spec;
        int dot = s.indexOf('.');
        try {
            return Integer.parseInt(dot < 0 ? s : s.substring(0, dot));
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
