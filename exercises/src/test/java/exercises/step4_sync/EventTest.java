package exercises.step4_sync;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.now;
import static miniasyncio.MiniAsyncio.sleep;
import static org.assertj.core.api.Assertions.assertThat;

import exercises.step3_futures.FutureScheduler;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import miniasyncio.Clock;
import org.junit.jupiter.api.Test;

class EventTest {

    static <T> T run(Callable<T> main) {
        return new FutureScheduler(Clock.virtual()).run("main", main);
    }

    @Test
    void setWakesEveryWaiterInOrderAtTheTimeOfTheSet() {
        List<String> log = new ArrayList<>();
        run(() -> {
            Event event = new Event();
            for (String name : List.of("w1", "w2", "w3")) {
                createTask(name, () -> {
                    boolean value = event.await();
                    log.add(name + " " + value + " at " + now());
                });
            }
            sleep(0.5);
            assertThat(log).isEmpty();
            event.set();
            assertThat(event.isSet()).isTrue();
            sleep(0);
            return null;
        });
        assertThat(log).containsExactly("w1 true at 0.5", "w2 true at 0.5", "w3 true at 0.5");
    }

    @Test
    void awaitOnASetEventReturnsAtOnceWithoutYielding() {
        List<String> order = new ArrayList<>();
        run(() -> {
            Event event = new Event();
            event.set();
            createTask("other", () -> order.add("other"));
            event.await();
            order.add("main passed");
            sleep(0);
            return null;
        });
        assertThat(order).containsExactly("main passed", "other");
    }

    @Test
    void clearMakesTasksWaitAgain() {
        List<String> log = new ArrayList<>();
        run(() -> {
            Event event = new Event();
            event.set();
            event.clear();
            assertThat(event.isSet()).isFalse();
            createTask("waiter", () -> {
                event.await();
                log.add("woken at " + now());
            });
            sleep(0.3);
            event.set();
            sleep(0);
            return null;
        });
        assertThat(log).containsExactly("woken at 0.3");
    }
}
