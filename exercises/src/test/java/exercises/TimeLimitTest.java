package exercises;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import miniasyncio.MiniAsyncio;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * A test stopped by its wall-clock limit says where its loop was ({@link StepBudget}), and the
 * limits exercises/README.md states are the tests' own.
 */
class TimeLimitTest {

    static final String RUN = "exercises.timeLimitFixture";

    @AfterAll
    static void release() {
        Spinning.released = true; // the abandoned loop thread stops spinning
    }

    @Test
    void aStepThatNeverYieldsFailsNamingItsTaskAndTheSpinningLine() {
        Throwable failure = runFixture("inAStepThatNeverYields");
        String message = failure.getMessage();
        String first = message.lines().findFirst().orElseThrow();
        assertThat(first).startsWith("inAStepThatNeverYields() timed out after 1 second")
                .contains("the loop was still in a step of task 2 (spinner) that never yielded")
                .contains("at TimeLimitTest.java:" + Spinning.spinLine + " (TimeLimitTest.spin)")
                .contains("computing");
        // The loop's own thread, not the test's (which only waits for it in Thread.join): its frames, the kit's folded.
        assertThat(message).contains("where the loop was at the limit:\n\tat exercises.TimeLimitTest$Spinning.spin(TimeLimitTest.java:"
                        + Spinning.spinLine + ")")
                .containsPattern("\t\\.\\.\\. \\d+ frames of the kit and the JDK")
                .doesNotContain("miniasyncio.Scheduler.stepOne");
        // JUnit's own report stays as the cause: the test thread, waiting in LoopStack.call.
        assertThat(failure.getCause()).hasMessageContaining("timed out after 1 second");
        assertThat(failure.getCause().getCause().getStackTrace()).anyMatch(f -> f.getMethodName().equals("join"));
    }

    @Test
    void aTestThatFailsWithinItsLimitKeepsItsOwnFailure() {
        Throwable failure = runFixture("failsAtOnce");
        assertThat(failure).hasMessage("its own failure");
    }

    /** README: "each has a wall-clock limit of 10 s; ... 20 s, ... 120 s", in English and in Russian. */
    @Test
    void theReadmeStatesEveryLimitTheTestsHave() throws IOException, URISyntaxException {
        Path module = Path.of(TimeLimitTest.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .getParent().getParent();
        Properties junit = new Properties();
        try (var in = TimeLimitTest.class.getResourceAsStream("/junit-platform.properties")) {
            junit.load(in);
        }
        TreeSet<Integer> limits = new TreeSet<>();
        Matcher byDefault = Pattern.compile("(\\d+) s").matcher(junit.getProperty("junit.jupiter.execution.timeout.default"));
        assertThat(byDefault.matches()).as("the default timeout is in whole seconds").isTrue();
        limits.add(Integer.parseInt(byDefault.group(1)));
        Pattern timeout = Pattern.compile("@Timeout\\((?:value\\s*=\\s*)?(\\d+)");
        try (Stream<Path> files = Files.walk(module.resolve("src/test/java"))) {
            // (this file's fixture has a limit of its own, 1 s, for the tests above only)
            for (Path file : files.filter(f -> f.toString().endsWith(".java") && !f.endsWith("TimeLimitTest.java")).toList()) {
                Matcher m = timeout.matcher(Files.readString(file, StandardCharsets.UTF_8));
                while (m.find()) {
                    limits.add(Integer.parseInt(m.group(1)));
                }
            }
        }
        String readme = Files.readString(module.resolve("README.md"), StandardCharsets.UTF_8);
        assertThat(limitsIn(bullet(readme, "- No test can hang"), "s")).as("the limits README.md states in English")
                .isEqualTo(limits);
        assertThat(limitsIn(bullet(readme, "- Ни один тест не может зависнуть"), "с")).as("the limits README.md states in Russian")
                .isEqualTo(limits);
    }

    /** The README's bullet that starts so, up to the next one. */
    private static String bullet(String readme, String start) {
        int from = readme.indexOf(start);
        assertThat(from).as("README.md has the bullet '%s'", start).isNotNegative();
        int to = readme.indexOf("\n- ", from + 1);
        return readme.substring(from, to < 0 ? readme.length() : to);
    }

    /** The numbers of seconds in text ("10 s", "20 s"), outside the quoted failure (`... timed out after 10 seconds`). */
    private static TreeSet<Integer> limitsIn(String text, String unit) {
        TreeSet<Integer> found = new TreeSet<>();
        Matcher m = Pattern.compile("(?<![\\w.:])(\\d+) " + unit + "(?!\\w)").matcher(text.replaceAll("`[^`]*`", ""));
        while (m.find()) {
            found.add(Integer.parseInt(m.group(1)));
        }
        return found;
    }

    /** Runs one test of {@link Spinning} as check-step.sh runs the tests, and returns its failure. */
    private static Throwable runFixture(String method) {
        List<Throwable> failures = new ArrayList<>();
        System.setProperty(RUN, "true");
        try {
            LauncherFactory.create().execute(LauncherDiscoveryRequestBuilder.request()
                    .selectors(selectClass(Spinning.class)).build(), new TestExecutionListener() {
                        @Override
                        public void executionFinished(TestIdentifier test, TestExecutionResult result) {
                            if (test.isTest() && test.getDisplayName().startsWith(method)) {
                                result.getThrowable().ifPresent(failures::add);
                            }
                        }
                    });
        } finally {
            System.clearProperty(RUN);
        }
        assertThat(failures).as("the failure of %s", method).hasSize(1);
        return failures.get(0);
    }

    /** The fixture: run only from the tests above (the property), with a short limit. */
    @EnabledIfSystemProperty(named = RUN, matches = "true")
    static class Spinning {
        static volatile boolean released;
        static volatile int spinLine;

        static void spin() {
            spinLine = new Throwable().getStackTrace()[0].getLineNumber() + 1;
            while (!released) { Thread.onSpinWait(); } // a loop with no sleep(): the step never yields
        }

        @Test
        @Timeout(1)
        void inAStepThatNeverYields() {
            MiniAsyncio.run(() -> { // on the loop's own thread, as Runner and the examples run it
                createTask("spinner", () -> {
                    sleep(0.1);
                    spin();
                    return null;
                });
                sleep(1);
                return null;
            });
        }

        @Test
        @Timeout(1)
        void failsAtOnce() {
            throw new AssertionError("its own failure");
        }
    }
}
