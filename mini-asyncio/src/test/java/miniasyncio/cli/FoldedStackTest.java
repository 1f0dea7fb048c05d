package miniasyncio.cli;

import miniasyncio.around.FoldedStack;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A failed program's stack: its own frames, the kit's and the JDK's folded between them. */
class FoldedStackTest {

    private static StackTraceElement at(String type, String method, int line) {
        return new StackTraceElement(type, method, type + ".java", line);
    }

    @Test
    void runsOfTheKitsFramesBecomeOneLineTheTopFrameAndTheExamplesStay() {
        IllegalStateException cause = new IllegalStateException("deep");
        cause.setStackTrace(new StackTraceElement[] {at("miniasyncio.MiniAsyncio", "sleep", 58), at("my.App", "work", 3)});
        RuntimeException e = new RuntimeException("outer", cause);
        e.setStackTrace(new StackTraceElement[] {
                at("my.App", "step", 9), at("miniasyncio.Coroutine", "resume", 1), at("miniasyncio.Scheduler", "stepOne", 2),
                at("java.lang.Thread", "run", 3), at("miniasyncio.examples.Example", "main", 4),
                at("miniasyncio.cli.RunCommand", "call", 5)});

        assertThat(FoldedStack.of(e)).isEqualTo("""
                java.lang.RuntimeException: outer
                \tat my.App.step(my.App.java:9)
                \t... 3 frames of the kit and the JDK
                \tat miniasyncio.examples.Example.main(miniasyncio.examples.Example.java:4)
                \t... 1 frame of the kit and the JDK
                Caused by: java.lang.IllegalStateException: deep
                \tat miniasyncio.MiniAsyncio.sleep(miniasyncio.MiniAsyncio.java:58)
                \tat my.App.work(my.App.java:3)
                """);
    }

    /** Under {@code mvn test} (a student's {@code -Dstudent}), Maven Surefire's booter is below JUnit: folded with it. */
    @Test
    void surefiresFramesUnderJUnitAreFoldedWithIt() {
        StackTraceElement[] stack = {at("my.SpinTest", "test", 12), at("org.junit.platform.Launcher", "execute", 3),
                at("org.apache.maven.surefire.booter.ForkedBooter", "main", 495)};
        assertThat(FoldedStack.frames(stack)).isEqualTo("""
                \tat my.SpinTest.test(my.SpinTest.java:12)
                \t... 2 frames of the kit, JUnit and the JDK
                """);
    }

    @Test
    void aThreadsStackFoldsJUnitsFramesTooAndSaysSo() {
        StackTraceElement[] stack = {at("my.Spin", "spin", 7), at("miniasyncio.Scheduler", "stepOne", 2),
                at("my.SpinTest", "test", 12), at("org.junit.jupiter.engine.Execution", "invoke", 3), at("java.lang.Thread", "run", 4)};
        String frames = FoldedStack.frames(stack);
        assertThat(frames).isEqualTo("""
                \tat my.Spin.spin(my.Spin.java:7)
                \t... 1 frame of the kit and the JDK
                \tat my.SpinTest.test(my.SpinTest.java:12)
                \t... 2 frames of the kit, JUnit and the JDK
                """);
        String message = "m() timed out after 1 second; the loop was still in a step of task 2\n"
                + FoldedStack.threadLine("loop", Thread.State.RUNNABLE, "where the loop was at the limit") + "\n" + frames;
        assertThat(TestSummary.oneLine(message)).isEqualTo("m() timed out after 1 second; the loop was still in a step of task 2");
    }
}
