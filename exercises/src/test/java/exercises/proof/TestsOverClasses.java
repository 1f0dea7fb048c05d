package exercises.proof;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.security.CodeSource;
import java.security.ProtectionDomain;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Runs some of the track's tests (through the JUnit Platform launcher, in this JVM) over the
 * reference with some classes replaced: the track's classes ({@code exercises.*}, the tests too)
 * are loaded afresh by a class loader that finds the replacements first; the kit, JUnit and
 * AssertJ come from the parent, shared with the launcher.
 *
 * <p>What the tests print (a wrong solution's tasks fail, and nobody retrieves their exceptions)
 * is kept, not shown: a passing build is quiet. It is part of the result, for the message of a
 * proof that fails.
 */
public final class TestsOverClasses {

    /** Class#method (simple class name) to failure message; how many tests ran; what they printed. */
    public record Result(Map<String, String> failures, int ran, String printed) {}

    private static final Launcher LAUNCHER = LauncherFactory.create();

    private final URL[] reference;

    /** {@code reference}: the compiled tests and the compiled reference of the track. */
    public TestsOverClasses(URL... reference) {
        this.reference = reference;
    }

    /**
     * Runs {@code tests} (a test class's binary name, or {@code name#method}) with {@code replaced}
     * (binary name to class file) in place of the reference's classes.
     */
    public Result run(Map<String, byte[]> replaced, List<String> tests) throws Exception {
        Map<String, String> failures = new LinkedHashMap<>();
        int[] ran = {0};
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        Thread thread = Thread.currentThread();
        ClassLoader previousLoader = thread.getContextClassLoader();
        PrintStream out = System.out;
        PrintStream err = System.err;
        try (TrackFirst loader = new TrackFirst(reference, replaced, previousLoader);
                PrintStream capture = new PrintStream(printed, true, StandardCharsets.UTF_8)) {
            LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request();
            for (String test : tests) {
                int hash = test.indexOf('#');
                DiscoverySelector selector = hash < 0 ? DiscoverySelectors.selectClass(loader.loadClass(test))
                        : DiscoverySelectors.selectMethod(loader.loadClass(test.substring(0, hash)), test.substring(hash + 1));
                request.selectors(selector);
            }
            thread.setContextClassLoader(loader);
            System.setOut(capture);
            System.setErr(capture);
            LAUNCHER.execute(request.build(), new TestExecutionListener() {
                @Override
                public void executionFinished(TestIdentifier test, TestExecutionResult result) {
                    if (test.isTest()) {
                        ran[0]++;
                    }
                    if (result.getStatus() != TestExecutionResult.Status.SUCCESSFUL
                            && test.getSource().orElse(null) instanceof MethodSource method) {
                        String className = method.getClassName();
                        String key = className.substring(className.lastIndexOf('.') + 1) + "#" + method.getMethodName();
                        failures.put(key, result.getThrowable().map(String::valueOf).orElse(result.getStatus().toString()));
                    }
                }
            });
        } finally {
            System.setOut(out);
            System.setErr(err);
            thread.setContextClassLoader(previousLoader);
        }
        return new Result(failures, ran[0], printed.toString(StandardCharsets.UTF_8));
    }

    /** Loads {@code exercises.*} afresh, the replaced classes first; everything else from the parent. */
    private static final class TrackFirst extends URLClassLoader {
        private final Map<String, byte[]> replaced;
        private final ProtectionDomain domain;

        TrackFirst(URL[] reference, Map<String, byte[]> replaced, ClassLoader parent) {
            super(reference, parent);
            this.replaced = replaced;
            this.domain = new ProtectionDomain(new CodeSource(reference[reference.length - 1], (java.security.cert.Certificate[]) null), null);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith("exercises.")) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> loaded = findLoadedClass(name);
                if (loaded == null) {
                    byte[] bytes = replaced.get(name);
                    loaded = bytes != null ? defineClass(name, bytes, 0, bytes.length, domain) : findClass(name);
                }
                if (resolve) {
                    resolveClass(loaded);
                }
                return loaded;
            }
        }
    }
}
