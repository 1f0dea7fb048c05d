package exercises;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a method of an optional exercise: its step's statement describes it in a section
 * "Optional: ...", and a step is done without it. Its tests are the classes named
 * {@code *OptionalTest}; {@code exercises/check-step.sh} and {@code mvn -q test -Dstudent} report
 * them apart ("optional: 3 of 9 tests pass") and never ask for its methods before a later step.
 */
@Retention(RetentionPolicy.SOURCE)
@Target({ElementType.METHOD, ElementType.CONSTRUCTOR})
public @interface OptionalExercise {
}
