package grading.rules;

/**
 * The slow suites run two at a time (the grading pom's hostile execution). These locks keep apart
 * the ones that must not overlap:
 * <ul>
 *   <li>{@link #ORPHANS}: HostileSlowIT ends by looking for any process a graded submission
 *       started that is still alive, and PlantedMistakesProofSlowIT grades submissions that start such processes
 *       (inside their sandbox, until their run ends): the look would find the other's.</li>
 * </ul>
 */
public final class SlowSuites {

    public static final String ORPHANS = "processes started by graded submissions";

    private SlowSuites() {
    }
}
