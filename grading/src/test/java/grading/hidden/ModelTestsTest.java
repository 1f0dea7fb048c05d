package grading.hidden;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The model of the statement and its generated programs, in-process on the reference homework
 * (the test class path has it): the reference breaks no rule; the model says of hand-made
 * programs what the statement says; the generated programs hold every case the statement speaks
 * of, the same ones in every grading; shrinking finds the smallest. That each planted mistake of
 * grading/wrong loses exactly its rule's points is the class proof's (PlantedMistakesProofSlowIT).
 */
class ModelTestsTest {

    @Test
    void theReferenceKeepsEveryRuleOnEveryGeneratedProgram() throws Exception {
        for (String name : ModelTests.ORDER) {
            Method test = ModelTests.class.getMethod(name);
            EndMarker.take();
            test.invoke(new ModelTests());
            assertThat(EndMarker.take()).as(name + " reached its end").isTrue();
        }
    }

    @Test
    void everyRuleIsJudgedOftenOnTheReference() {
        for (StatementRules rule : StatementRules.values()) {
            StatementRules.RuleTally tally = new StatementRules.RuleTally();
            for (Scenario s : ScenarioGen.all()) {
                assertThat(ModelTests.violation(rule, s, tally)).as(rule + " on\n" + s.program()).isNull();
            }
            assertThat(tally.judged).as(rule + ": cases judged on the reference").isGreaterThanOrEqualTo(30)
                    .isEqualTo(tally.possible);
        }
    }

    private static Scenario.TaskScript script(Scenario.ScriptEnd end, Scenario.ProgramOp... ops) {
        return new Scenario.TaskScript(List.of(ops), end);
    }

    private static Map<String, Object> made(Scenario s) {
        Map<String, Object> made = new HashMap<>();
        for (String path : s.paths()) {
            made.put(path, new Object());
        }
        return made;
    }

    /** alpha..delta await each other in a cycle of four; echo waits on it (a late waiter, after a sleep). */
    @Test
    void aCycleOfFourIsTheCycleAndItsWaiterIsStuckOutsideIt() {
        List<Scenario.TaskScript> tasks = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            tasks.add(script(Scenario.ScriptEnd.VALUE, new Scenario.AwaitOp((i + 1) % 4)));
        }
        tasks.add(script(Scenario.ScriptEnd.VALUE, new Scenario.SleepOp(3), new Scenario.AwaitOp(2)));
        tasks.add(script(Scenario.ScriptEnd.VALUE, new Scenario.SleepOp(1)));
        Scenario s = new Scenario(tasks);
        StatementModel model = new StatementModel(s, made(s));
        assertThat(model.cycles).containsExactly(Set.of(0, 1, 2, 3));
        assertThat(model.stuck).containsExactlyInAnyOrder(0, 1, 2, 3, 4);
        assertThat(model.deadlocks()).isTrue();
    }

    /** gather(0.1 s, fails at 0.2 s, fails at 0.05 s): thrown at t=0.2, the failure of body 1, the first in argument order. */
    @Test
    void gatherThrowsTheFirstFailureInArgumentOrderOnceTheBodiesBeforeItReturned() {
        Scenario.GatherOp g = new Scenario.GatherOp(List.of(
                script(Scenario.ScriptEnd.VALUE, new Scenario.SleepOp(2)),
                script(Scenario.ScriptEnd.THROWS_CHECKED, new Scenario.SleepOp(4)),
                script(Scenario.ScriptEnd.THROWS_UNCHECKED, new Scenario.SleepOp(1))));
        Scenario s = new Scenario(List.of(script(Scenario.ScriptEnd.VALUE, new Scenario.SleepOp(1), g),
                script(Scenario.ScriptEnd.NULL, new Scenario.AwaitOp(0))));
        Map<String, Object> made = made(s);
        StatementModel model = new StatementModel(s, made);
        StatementModel.ModelCompletion gathered = model.ops.get(StatementModel.key("0", 1));
        assertThat(gathered.at()).isEqualTo(5); // started at 1 tick, body 1 fails 4 ticks later
        assertThat(gathered.outcome().threw()).isTrue();
        assertThat(gathered.outcome().object()).isSameAs(made.get("0/1.1"));
        StatementModel.ModelCompletion awaited = model.ops.get(StatementModel.key("1", 0));
        assertThat(awaited.at()).isEqualTo(5);
        assertThat(awaited.outcome().object()).isSameAs(made.get("0"));
    }

    /** What the issue names: checked failures, returned exceptions, one-instant crowds, cycles of four with waiters. */
    @Test
    void theGeneratedProgramsHoldEveryCaseTheStatementSpeaksOf() {
        List<Scenario> all = ScenarioGen.all();
        assertThat(all).isEqualTo(ScenarioGen.all()); // the same programs in every grading
        assertThat(all).hasSize(ScenarioGen.COUNT);
        int longCyclesWithWaiters = 0;
        int checked = 0;
        int returnedExceptions = 0;
        int crowds = 0;
        int failureAfterThrown = 0;
        for (Scenario s : all) {
            StatementModel model = new StatementModel(s, made(s));
            for (Set<Integer> cycle : model.cycles) {
                if (cycle.size() >= 4 && model.stuck.size() > cycle.size()) {
                    longCyclesWithWaiters++;
                }
            }
            for (String path : s.paths()) {
                Scenario.TaskScript script = s.script(path);
                checked += script.end() == Scenario.ScriptEnd.THROWS_CHECKED ? 1 : 0;
                returnedExceptions += script.end() == Scenario.ScriptEnd.RETURNS_EXCEPTION ? 1 : 0;
                for (Scenario.ProgramOp op : script.ops()) {
                    if (op instanceof Scenario.GatherOp g) {
                        long failing = g.bodies().stream().filter(b -> b.end().fails()).count();
                        failureAfterThrown += failing >= 2 ? 1 : 0;
                    }
                }
            }
            crowds += s.tasks().size() >= 4 && s.tasks().stream().skip(1).allMatch(t -> t.ops().size() >= 2
                    && t.ops().get(1).equals(new Scenario.AwaitOp(0))) ? 1 : 0;
        }
        assertThat(longCyclesWithWaiters).as("cycles of four or more, with a task waiting on them").isGreaterThan(5);
        assertThat(checked).as("checked failures").isGreaterThan(50);
        assertThat(returnedExceptions).as("exceptions returned as values").isGreaterThan(50);
        assertThat(crowds).as("three or more tasks awaiting one").isGreaterThan(20);
        assertThat(failureAfterThrown).as("gathers with a failing body after the one they throw").isGreaterThan(10);
        List<Integer> widths = new ArrayList<>();
        for (Scenario s : all) {
            for (String path : s.paths()) {
                for (Scenario.ProgramOp op : s.script(path).ops()) {
                    if (op instanceof Scenario.GatherOp g) {
                        widths.add(g.bodies().size());
                    }
                }
            }
        }
        // every order of magnitude of a gather's bodies: none, a few, tens, hundreds
        assertThat(widths).contains(0, 1, 2, 3).anyMatch(w -> w > 4 && w < 10).anyMatch(w -> w >= 10 && w < 100)
                .anyMatch(w -> w >= 100 && w <= ScenarioGen.WIDEST);
    }

    @Test
    void shrinkingFindsTheSmallestProgramThatStillFails() {
        java.util.function.Predicate<Scenario> failsChecked = s -> s.tasks().stream()
                .anyMatch(t -> t.end() == Scenario.ScriptEnd.THROWS_CHECKED);
        Scenario big = ScenarioGen.all().stream().filter(s -> s.tasks().size() >= 5 && failsChecked.test(s))
                .findFirst().orElseThrow();
        ScenarioGen.ShrunkProgram shrunk = ScenarioGen.shrink(big, failsChecked);
        assertThat(shrunk.scenario().tasks()).hasSize(1);
        assertThat(shrunk.scenario().tasks().get(0)).isEqualTo(script(Scenario.ScriptEnd.THROWS_CHECKED));
        assertThat(shrunk.runs()).isLessThanOrEqualTo(ScenarioGen.MAX_SHRINK_RUNS);
        assertThat(shrunk.scenario().program()).contains("createTask(\"alpha\", () -> { throw new java.io.IOException(");
    }
}
