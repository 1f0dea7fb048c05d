package grading.hidden;

import java.util.List;

/**
 * The statement itself, checked on generated programs: each test takes one bullet of "The
 * semantics" ({@link StatementRules}), runs the {@link ScenarioGen} programs (fixed seed and
 * count: the same in every grading) on the submission, and compares each run with the
 * statement's model ({@link StatementModel}). The first program that breaks the bullet is shrunk
 * to the smallest that still breaks it, and that program is the student's feedback, with what the
 * statement expected beside what happened. The hand-written tests stay: these catch the mistakes
 * nobody thought to write a test for.
 */
public class ModelTests {

    public static final List<String> ORDER = List.of("veryObject", "thrownInWaiter", "resumeOrder", "unretrievedReported",
            "ownTasks", "firstFailure", "cycleNamed", "closesWaiters", "parksWaiters");

    @Graded(name = "on generated programs, awaitTask returns the very object its task returned (also null, a shared"
            + " object or an exception object returned as a value)", points = 2)
    public void veryObject() {
        check(StatementRules.VERY_OBJECT);
    }

    @Graded(name = "on generated programs, a failed task's own exception (checked or unchecked) is thrown in every"
            + " waiter", points = 2)
    public void thrownInWaiter() {
        check(StatementRules.THROWN_IN_WAITER);
    }

    @Graded(name = "on generated programs, tasks awaiting one task resume in the order they started waiting, also"
            + " when they started at the same instant", points = 2)
    public void resumeOrder() {
        check(StatementRules.RESUME_ORDER);
    }

    @Graded(name = "on generated programs, exactly the failures no task awaits are reported as never retrieved",
            points = 2)
    public void unretrievedReported() {
        check(StatementRules.UNRETRIEVED);
    }

    @Graded(name = "on generated programs, gather runs every body as a task of its own, concurrently, and returns"
            + " their results in argument order", points = 2)
    public void ownTasks() {
        check(StatementRules.OWN_TASKS);
    }

    @Graded(name = "on generated programs, gather throws the failure of its first body in argument order that fails",
            points = 2)
    public void firstFailure() {
        check(StatementRules.FIRST_FAILURE);
    }

    @Graded(name = "on generated programs, a deadlock names the tasks of the cycle, of any length, and no other task",
            points = 2)
    public void cycleNamed() {
        check(StatementRules.CYCLE_NAMED);
    }

    @Graded(name = "on generated programs, a deadlock closes every task still waiting", points = 2)
    public void closesWaiters() {
        check(StatementRules.CLOSED);
    }

    @Graded(name = "on generated programs, a waiting task is parked until its task finishes, and comes back then",
            points = 2)
    public void parksWaiters() {
        check(StatementRules.PARKS);
    }

    private static void check(StatementRules rule) {
        List<Scenario> all = ScenarioGen.all();
        StatementRules.RuleTally tally = new StatementRules.RuleTally();
        for (int i = 0; i < all.size(); i++) {
            if (violation(rule, all.get(i), tally) != null) {
                ScenarioGen.ShrunkProgram shrunk = ScenarioGen.shrink(all.get(i),
                        s -> violation(rule, s, new StatementRules.RuleTally()) != null);
                StatementRules.RuleViolation v = violation(rule, shrunk.scenario(), new StatementRules.RuleTally());
                throw new AssertionError("The statement says \"" + rule.phrase + "\". Generated program " + (i + 1)
                        + " of " + all.size() + " breaks it; the smallest program found that still does (shrunk in "
                        + shrunk.runs() + " runs):\n\n" + shrunk.scenario().program() + "\n\nThe statement expects: "
                        + v.expected() + ".\nWhat happened: " + v.happened() + ".");
            }
        }
        // A positive signal: the rule was seen to hold, not merely never seen broken.
        Check.isTrue(tally.judged * 2 >= tally.possible, "The statement says \"" + rule.phrase + "\". Of the "
                + tally.possible + " places in the " + all.size() + " generated programs where it shows, the runs"
                + " showed only " + tally.judged + " (the others never came back, or the run ended early: see the"
                + " tests of parking and deadlocks), too few to grade it");
        EndMarker.reached();
    }

    /** How one run of {@code s} breaks {@code rule}, or null; what it could judge is added to {@code tally}. */
    static StatementRules.RuleViolation violation(StatementRules rule, Scenario s, StatementRules.RuleTally tally) {
        ScenarioRun run = ScenarioRun.of(s);
        return rule.check(new StatementModel(s, run.made), run, tally);
    }
}
