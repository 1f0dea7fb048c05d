package grading.child;

import static org.assertj.core.api.Assertions.assertThat;

import grading.grade.Text;
import org.junit.jupiter.api.Test;

class ChildMainTest {

    /** What the JDK says when a hidden test calls a constructor the submission made private. */
    private static final String ILLEGAL_ACCESS = "class grading.hidden.Fixture tried to access method"
            + " 'void homework.HomeworkScheduler.<init>(miniasyncio.Clock)' (homework.HomeworkScheduler and"
            + " grading.hidden.Fixture are in unnamed module of loader 'graded-tests' @6d06d69c)";

    @Test
    void aLinkageErrorNamesOnlyTheHomeworksMemberAndSaysToKeepTheSignatures() {
        for (LinkageError error : new LinkageError[] {
                new IllegalAccessError(ILLEGAL_ACCESS),
                new NoSuchFieldError("Class grading.hidden.Fixture: field 'homework.HomeworkScheduler.waiting' missing"),
                new IncompatibleClassChangeError("Expected static method 'java.util.List homework.Homework.gather("
                        + "java.util.List)' (called from grading.hidden.GatherTests)"),
                new AbstractMethodError("Receiver class homework.HomeworkScheduler does not define or inherit an"
                        + " implementation of the resolved method 'abstract void pendingTasks()' of class"
                        + " grading.hidden.ReferenceScheduler."),
                new NoSuchMethodError("'java.util.List homework.Homework.gather(java.util.concurrent.Callable[])'")}) {
            String reason = ChildMain.reason(error, ChildMainTest.class.getClassLoader());
            assertThat(reason).as(error.toString())
                    .startsWith("the submission does not have what the test calls, as the test calls it ("
                            + error.getClass().getSimpleName())
                    .contains("keep the classes and method signatures of the homework as given", "homework.")
                    .doesNotContain("grading", "graded-tests", "Fixture", "GatherTests");
        }
        assertThat(ChildMain.reason(new IllegalAccessError(ILLEGAL_ACCESS), ChildMainTest.class.getClassLoader()))
                .contains("(IllegalAccessError on void homework.HomeworkScheduler.<init>(miniasyncio.Clock))");
    }

    @Test
    void anExceptionInAStaticInitializerIsNotTakenForAWrongSignature() {
        String reason = ChildMain.reason(new ExceptionInInitializerError(new IllegalStateException("boom")),
                ChildMainTest.class.getClassLoader());
        assertThat(reason).doesNotContain("signatures").contains("ExceptionInInitializerError");
    }

    @Test
    void theHiddenTestsFramesAreLeftOutOfTheOutput() {
        assertThat(ChildMain.withoutHarnessFrames("boom\n\tat t//t.C.k(Unknown Source)\n\tat t//t.F.b(Unknown Source)\n"
                + "\tat homework.Homework.gather(Homework.java:67)\n\tat grading.child.ChildMain.main(ChildMain.java:70)"))
                .isEqualTo("boom\n\t... (frames of the grading harness left out)\n\tat homework.Homework.gather(Homework.java:67)\n"
                        + "\t... (frames of the grading harness left out)");
    }

    @Test
    void theGradersClassNamesAreHiddenInWhateverAStudentReads() {
        assertThat(Text.hideGraderNames("class grading.hidden.Token cannot be cast to class java.lang.String"
                + " (grading.hidden.Token is in unnamed module of loader 'graded-tests' @1b6d3586)"))
                .isEqualTo("class (a class of the grader's) cannot be cast to class java.lang.String ((a class of the"
                        + " grader's) is in unnamed module of loader the grader's loader @1b6d3586)");
        assertThat(Text.hideGraderNames("see grading/README.md; mygrading.x stays")).isEqualTo(
                "see grading/README.md; mygrading.x stays");
        assertThat(Text.hideGraderNames("boom\n\tat grading.hidden.AwaitTaskTests.x(AwaitTaskTests.java:80)\n"
                + "\tat homework.HomeworkScheduler.finishTask(HomeworkScheduler.java:40)"))
                .isEqualTo("boom\n\tat homework.HomeworkScheduler.finishTask(HomeworkScheduler.java:40)");
    }
}
