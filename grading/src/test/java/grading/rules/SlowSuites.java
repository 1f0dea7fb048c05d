package grading.rules;

/**
 * The slow suites run two at a time (the grading pom's proofs execution). These locks keep apart
 * the ones that must not overlap:
 * <ul>
 *   <li>{@link #ORPHANS}: HostileSlowIT ends by looking for any process a graded submission
 *       started that is still alive, and PlantedMistakesProofSlowIT grades submissions that start such processes
 *       (inside their sandbox, until their run ends): the look would find the other's.</li>
 *   <li>{@link #IN_THIS_JVM}: the suites that grade inside the suite's own JVM. IsolationSlowIT
 *       switches the screen off with a system property of this JVM, and TenthOfACpuSlowIT
 *       throttles the JVMs this JVM starts: beside each other, each would reach into the other's
 *       gradings.</li>
 * </ul>
 */
public final class SlowSuites {

    public static final String ORPHANS = "processes started by graded submissions";

    public static final String IN_THIS_JVM = "gradings inside the suite's own JVM";

    private SlowSuites() {
    }
}
