package miniasyncio.around;

import miniasyncio.Coroutine;

/**
 * Checks, before any continuation is touched, that the JVM lets us use them.
 *
 * <p>JDK continuations live in {@code jdk.internal.vm}, which {@code java.base} does not export.
 * Without {@code --add-exports java.base/jdk.internal.vm=ALL-UNNAMED} the first use fails with
 * a bare {@code IllegalAccessError} that names nothing of the user's code. IDE users meet this
 * first, so we ask the module system directly and say exactly what to add and where.
 */
public final class ExportCheck {

    /** The JVM option, exactly as it must be typed. */
    public static final String JVM_OPTION = "--add-exports java.base/jdk.internal.vm=ALL-UNNAMED";

    public static final String MESSAGE = "mini-asyncio needs the JVM option " + JVM_OPTION + "\n"
            + "  It gives access to jdk.internal.vm.Continuation, which the scheduler is built on.\n"
            + "  - java -jar mini-asyncio.jar ... sets it from the jar's manifest: nothing to add.\n"
            + "  - java -cp ...: put it before the class name: java " + JVM_OPTION + " -cp ... Main\n"
            + "  - IDE: add it to the run configuration's VM options (IntelliJ: Run > Edit Configurations >"
            + " Modify options > Add VM options; Eclipse: Run Configurations > Arguments > VM arguments;"
            + " VS Code: \"vmArgs\" in launch.json), and to the JUnit template for tests.\n"
            + "  - Maven: Surefire's <argLine> and exec's <arguments> (this repository's pom already does it).";

    private ExportCheck() {
    }

    /** True when this code may use {@code jdk.internal.vm}. */
    public static boolean continuationsAvailable() {
        return Object.class.getModule().isExported("jdk.internal.vm", ExportCheck.class.getModule());
    }

    /**
     * Set once the export has been seen. An export is never taken back while the JVM runs, so
     * after the first success every new Coroutine skips the module lookup: it cost about a sixth
     * of creating a task (the bench's spawn workload). A plain field is enough: a thread that
     * does not see the write yet just does the lookup once more.
     */
    private static boolean exported;

    /** Throws {@link IllegalStateException} with {@link #MESSAGE} when the export is missing. */
    public static void requireContinuations() {
        if (exported) {
            return;
        }
        if (!continuationsAvailable()) {
            throw new IllegalStateException(MESSAGE);
        }
        exported = true;
    }
}
