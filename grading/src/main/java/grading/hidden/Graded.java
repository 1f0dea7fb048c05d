package grading.hidden;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A graded test: a public no-argument method of a class listed in {@link GradedTests#CLASSES}.
 * It passes when it returns, and fails when it throws; the throwable's message is what the
 * student reads, so write it for them.
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
}
