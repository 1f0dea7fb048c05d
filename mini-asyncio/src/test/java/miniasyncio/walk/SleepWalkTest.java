package miniasyncio.walk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordingFile;
import miniasyncio.Scheduler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One {@code sleep(1)}, from the call to the line after it, counted with a trace rather than by
 * reading: JDK 25's JFR method tracing records every method of the kit's classes that the loop's
 * thread enters ({@code -XX:StartFlightRecording:method-trace=CLASS;CLASS...}). The walk may enter at
 * most six files (the architecture's limit: past it, state is in the wrong place), and the runtime's
 * README shows the same walk: its table between the {@code sleep-walk} markers is this trace, and
 * the files of its step-by-step table are the trace's files.
 */
class SleepWalkTest {

    static final int MOST_FILES = 6;
    private static final Path README = Path.of("README.md"); // the module's: Surefire runs in it
    private static final String BEGIN = "<!-- sleep-walk: written from SleepWalkTest's trace; it fails when they differ -->";
    private static final String END = "<!-- /sleep-walk -->";

    @Test
    void oneSleepEntersAtMostSixFilesAndTheReadmeShowsThatWalk(@TempDir Path dir) throws Exception {
        int feature = Runtime.version().feature();
        assumeTrue(feature >= 25, "JFR method tracing (the event jdk.MethodTrace) came with JDK 25; this test runs on"
                + " JDK " + feature + ", which cannot trace the walk: skipped (CI runs it on JDK 25)");
        Map<String, List<String>> walk = traceTheSecondSleep(dir);

        assertThat(walk.size()).as("files one sleep(1) enters on the loop's thread, at most %d:%n%s",
                MOST_FILES, table(walk)).isLessThanOrEqualTo(MOST_FILES);
        String readme = Files.readString(README, StandardCharsets.UTF_8);
        assertThat(generated(readme)).as("the README's walk, between the lines%n%s%nand%n%s%nis this trace:%n%s",
                BEGIN, END, table(walk)).isEqualTo(table(walk));
        assertThat(stepTableFiles(readme)).as("the files of the README's step-by-step table").isEqualTo(
                new TreeSet<>(walk.keySet()));
    }

    /** The trace of the walk: each file entered, in order of first entry, with its methods in order of first entry. */
    private static Map<String, List<String>> traceTheSecondSleep(Path dir) throws Exception {
        Path recording = dir.resolve("walk.jfr");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = List.of(java, "--add-exports", "java.base/jdk.internal.vm=ALL-UNNAMED",
                "-XX:StartFlightRecording:method-trace=" + String.join(";", kitClasses()) + ",filename=" + recording,
                "-cp", System.getProperty("java.class.path"), SleepWalk.class.getName());
        Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(child.waitFor(120, TimeUnit.SECONDS)).as("the traced program ended:%n%s", out).isTrue();
        assertThat(child.exitValue()).as("the traced program's exit code:%n%s", out).isZero();
        assertThat(recording).as("JFR wrote the recording:%n%s", out).exists();

        List<RecordedEvent> events = new ArrayList<>();
        for (RecordedEvent event : RecordingFile.readAllEvents(recording)) {
            if (event.getEventType().getName().equals("jdk.MethodTrace")) {
                events.add(event);
            }
        }
        events.sort((a, b) -> a.getStartTime().compareTo(b.getStartTime())); // JFR writes each at its method's exit
        RecordedEvent before = marker(events, "before");
        RecordedEvent after = marker(events, "after");
        long loopThread = before.getThread().getJavaThreadId();
        Instant from = before.getEndTime();
        Instant to = after.getStartTime();
        Map<String, List<String>> walk = new LinkedHashMap<>();
        for (RecordedEvent event : events) {
            RecordedMethod method = event.getValue("method");
            String type = method.getType().getName();
            if (event.getThread().getJavaThreadId() != loopThread || event.getStartTime().isBefore(from)
                    || !event.getStartTime().isBefore(to) || type.equals(SleepWalk.class.getName())) {
                continue; // another thread (the monitor watchdog), outside the markers, or a marker
            }
            String file = file(type);
            String simple = type.substring(type.lastIndexOf('.') + 1);
            String nested = simple.indexOf('$') < 0 ? "" : simple.substring(simple.indexOf('$') + 1) + ".";
            String entered = nested + method.getName(); // Clock$Monotonic.nanoTime: "Monotonic.nanoTime" in Clock.java
            List<String> methods = walk.computeIfAbsent(file, f -> new ArrayList<>());
            if (!methods.contains(entered)) {
                methods.add(entered);
            }
        }
        assertThat(walk).as("the trace holds the walk (no method of the kit between the markers?):%n%s", out)
                .isNotEmpty();
        return walk;
    }

    private static RecordedEvent marker(List<RecordedEvent> events, String name) {
        return events.stream().filter(e -> {
            RecordedMethod m = e.getValue("method");
            return m.getType().getName().equals(SleepWalk.class.getName()) && m.getName().equals(name);
        }).findFirst().orElseThrow(() -> new AssertionError("the trace has no call of SleepWalk." + name
                + "(): JFR traced nothing of the program (its filter names every class of the kit)"));
    }

    /** Every class of the runtime, nested ones too, as JFR's filter names them; and the program with its markers. */
    private static List<String> kitClasses() throws IOException {
        Path classes = Path.of(Scheduler.class.getProtectionDomain().getCodeSource().getLocation().getPath());
        try (Stream<Path> files = Files.walk(classes.resolve("miniasyncio"))) {
            List<String> names = files.map(p -> classes.relativize(p).toString())
                    .filter(p -> p.endsWith(".class"))
                    .map(p -> p.substring(0, p.length() - ".class".length()).replace('/', '.').replace('\\', '.'))
                    .sorted().collect(Collectors.toCollection(ArrayList::new));
            names.add(SleepWalk.class.getName());
            return names;
        }
    }

    /** The source file a class is in: {@code miniasyncio.Clock$Monotonic} is in {@code Clock.java}. */
    static String file(String className) {
        String simple = className.substring(className.lastIndexOf('.') + 1);
        int nested = simple.indexOf('$');
        return (nested < 0 ? simple : simple.substring(0, nested)) + ".java";
    }

    /** The walk as the README shows it: a file a row, in order of first entry. */
    static String table(Map<String, List<String>> walk) {
        StringBuilder t = new StringBuilder("| File | Methods entered, in order of first entry |\n|---|---|\n");
        walk.forEach((file, methods) -> t.append("| `").append(file).append("` | ")
                .append(methods.stream().map(m -> "`" + m + "`").collect(Collectors.joining(", "))).append(" |\n"));
        return t.toString();
    }

    private static String generated(String readme) {
        int begin = readme.indexOf(BEGIN);
        int end = readme.indexOf(END);
        return begin < 0 || end < begin ? "(no walk between the markers)" : readme.substring(begin + BEGIN.length(), end).strip() + "\n";
    }

    /** The files the step-by-step table of the walk names in its File column (its rows start with a step number). */
    private static Set<String> stepTableFiles(String readme) {
        Set<String> files = new TreeSet<>();
        Pattern row = Pattern.compile("^\\| \\d+ \\|[^|]*\\|([^|]*)\\|", Pattern.MULTILINE);
        Matcher m = row.matcher(readme.substring(readme.indexOf("## One `sleep(1)`")));
        while (m.find()) {
            Matcher file = Pattern.compile("`([A-Za-z]+\\.java)`").matcher(m.group(1));
            while (file.find()) {
                files.add(file.group(1));
            }
        }
        return files;
    }

    @Test
    void aClassIsInTheFileOfItsOutermostClass() {
        assertThat(file("miniasyncio.Clock$Monotonic")).isEqualTo("Clock.java");
        assertThat(file("miniasyncio.around.Ending")).isEqualTo("Ending.java");
        assertThat(file("miniasyncio.Step$Yielded")).isEqualTo("Step.java");
    }
}
