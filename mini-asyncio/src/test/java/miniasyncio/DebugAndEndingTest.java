package miniasyncio;

import java.util.ArrayList;
import java.util.List;
import miniasyncio.trace.Instrument;
import miniasyncio.trace.SlowStepWarnings;
import org.junit.jupiter.api.Test;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The core additions for observing the loop: slow-step warnings, readySize, endWithMain. */
class DebugAndEndingTest {

    @Test
    void debugWarnsAboutASlowStepInRealTimeEvenOnTheVirtualClock() {
        List<String> warnings = new ArrayList<>();
        Scheduler scheduler = new Scheduler(Clock.virtual());
        scheduler.settings().addInstrument(new SlowStepWarnings(() -> 50_000_000L, warnings::add));

        scheduler.run(() -> {
            createTask("worker B", () -> Thread.sleep(120));
            createTask("quick", () -> sleep(1));
            return null;
        });

        assertThat(warnings).hasSize(1);
        assertThat(warnings.get(0)).matches("Executing task 2 \\(worker B\\) took 0\\.1[2-9]\\d s|"
                + "Executing task 2 \\(worker B\\) took [0-9]\\.\\d{3} s");
    }

    @Test
    void setDebugInstallsTheWarningAndTheThresholdIsSettable() {
        Scheduler scheduler = new Scheduler(Clock.virtual());
        assertThat(scheduler.settings().slowStepThreshold()).isEqualTo(0.1);
        scheduler.settings().setSlowStepThreshold(0.25);
        assertThat(scheduler.settings().slowStepThreshold()).isEqualTo(0.25);
        assertThatThrownBy(() -> scheduler.settings().setSlowStepThreshold(-1))
                .hasMessage("the slow-step threshold must be a finite number of seconds >= 0, got -1.0");
        assertThatThrownBy(() -> scheduler.settings().setSlowStepThreshold(Double.NaN))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /** The tasks {@code scheduler} spawns, in order, as an instrument hears them. */
    private static List<Task> spawned(Scheduler scheduler) {
        List<Task> tasks = new ArrayList<>();
        scheduler.settings().addInstrument(new Instrument() {
            @Override
            public void taskSpawned(Task task, Task creator) {
                tasks.add(task);
            }
        });
        return tasks;
    }

    @Test
    void debugModeRecordsTheCreationSite() {
        Scheduler scheduler = new Scheduler(Clock.virtual());
        scheduler.settings().setDebug(true);
        List<Task> tasks = spawned(scheduler);
        scheduler.run(() -> createTask("child", () -> { }));

        assertThat(tasks.get(1).creationSite()).isNotNull();
        assertThat(tasks.get(1).creationSite()[0].getMethodName()).isEqualTo("createTask");
    }

    @Test
    void debugModeSwitchedOffRecordsNoCreationSiteAndLeavesNoWarningInstrument() {
        Scheduler scheduler = new Scheduler(Clock.virtual());
        assertThat(scheduler.settings().isDebug()).isFalse();
        scheduler.settings().setDebug(true);
        assertThat(scheduler.settings().isDebug()).isTrue();
        assertThat(scheduler.instrument).isInstanceOf(SlowStepWarnings.class);
        scheduler.settings().setDebug(false);
        assertThat(scheduler.settings().isDebug()).isFalse();
        assertThat(scheduler.instrument).isNull();
        List<Task> tasks = spawned(scheduler);
        scheduler.run(() -> createTask("child", () -> { }));

        assertThat(tasks).hasSize(2).allSatisfy(task -> assertThat(task.creationSite()).isNull());
    }

    @Test
    void readySizeCountsTheReadyQueue() {
        Scheduler scheduler = new Scheduler(Clock.virtual());
        int seen = scheduler.run(() -> {
            createTask(() -> { });
            createTask(() -> { });
            return Scheduler.current().view().ready().size();
        });
        assertThat(seen).isEqualTo(2);
    }

    @Test
    void byDefaultRunWaitsForEveryTaskAsTheLectureDoes() {
        Scheduler scheduler = new Scheduler(Clock.virtual());
        List<String> log = new ArrayList<>();
        scheduler.run(() -> {
            createTask("late", () -> {
                sleep(5);
                log.add("late finished");
            });
            return null;
        });
        assertThat(log).containsExactly("late finished");
        assertThat(scheduler.now()).isEqualTo(5.0);
    }

    @Test
    void endWithMainClosesTheTasksLeftBehindAndRunsTheirFinally() {
        Scheduler scheduler = new Scheduler(Clock.virtual());
        scheduler.settings().setEndWithMain(true);
        List<String> log = new ArrayList<>();

        String result = scheduler.run(() -> {
            createTask("late", () -> {
                try {
                    sleep(5);
                    log.add("late finished");
                } finally {
                    log.add("late closed");
                }
            });
            sleep(1);
            return "main done";
        });

        assertThat(result).isEqualTo("main done");
        assertThat(log).containsExactly("late closed");
        assertThat(scheduler.now()).isEqualTo(1.0);
        assertThat(scheduler.view().pendingTasks()).isEmpty();
    }
}
