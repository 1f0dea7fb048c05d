package grading.hidden;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A graded test: a public no-argument method of a class listed in {@link GradedTests#CLASSES}.
 * It passes only when it returns AND its last line reached {@link EndMarker#reached()}; it fails
 * when it throws anything. The throwable's message is what the student reads, so write it for them.
 * The rules of the statement it checks are the rows that name it in homework/README.md's table of
 * rules and their tests ({@code grader.jar rules} and {@code RuleMapTest} refuse a graded test no
 * row names).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Graded {

    /** What the test checks, in words a student understands: "gather returns results in argument order". */
    String name();

    /** Points for passing it. */
    double points();

    /** When Gradescope shows it to the student. */
    Visibility visibility() default Visibility.AFTER_DUE_DATE;

    /**
     * Its own time limit in seconds of CPU time of the test's JVM, for a test that measures (0: the
     * grader's per-test limit).
     * Never below the grader's limit: it only gives a measuring test room on a loaded machine.
     */
    double seconds() default 0;
}
