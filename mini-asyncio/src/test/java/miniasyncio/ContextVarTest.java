package miniasyncio;

import static miniasyncio.MiniAsyncio.createTask;
import static miniasyncio.MiniAsyncio.sleep;
import static miniasyncio.MiniAsyncio.toThread;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** ContextVar: a value per task, copied from the creator at createTask, as asyncio's tasks copy the context. */
class ContextVarTest {

    static final ContextVar<String> REQUEST = new ContextVar<>("request", "none");

    @Test
    void aTaskStartsWithItsCreatorsValuesAndKeepsItsOwn() {
        List<String> log = new CopyOnWriteArrayList<>();
        new Scheduler(Clock.virtual()).run(() -> {
            REQUEST.set("r1");
            createTask("child", () -> {
                sleep(0.1); // the creator has set "r2" by now
                log.add("child sees " + REQUEST.get());
                REQUEST.set("child's own");
                createTask("grandchild", () -> log.add("grandchild sees " + REQUEST.get()));
            });
            REQUEST.set("r2");
            createTask("sibling", () -> {
                sleep(0.2); // after the child set its own
                log.add("sibling sees " + REQUEST.get());
            });
            sleep(0.3);
            log.add("main sees " + REQUEST.get());
            return null;
        });
        assertThat(log).containsExactly("child sees r1", "grandchild sees child's own", "sibling sees r2", "main sees r2");
    }

    @Test
    void aThreadLocalInsteadIsOneValueSharedByEveryTask() {
        ThreadLocal<String> shared = new ThreadLocal<>();
        List<String> log = new CopyOnWriteArrayList<>();
        new Scheduler(Clock.virtual()).run(() -> {
            shared.set("r1");
            createTask("child", () -> {
                sleep(0.1);
                log.add("child sees " + shared.get());
            });
            shared.set("r2");
            sleep(0.2);
            return null;
        });
        assertThat(log).containsExactly("child sees r2"); // all tasks run on the loop's one thread
    }

    @Test
    void runCopiesTheCallersValuesIntoMainAndLeavesTheCallersAlone() {
        ContextVar<Integer> user = new ContextVar<>("user");
        ContextVar.Token<Integer> token = user.set(7);
        try {
            int seen = MiniAsyncio.run(() -> {   // on a big-stack thread of its own: the values go along
                int before = user.get();
                user.set(8);
                return before;
            });
            assertThat(seen).isEqualTo(7);
            assertThat(user.get()).isEqualTo(7);
        } finally {
            user.reset(token);
        }
        assertThatThrownBy(user::get).isInstanceOf(NoSuchElementException.class)
                .hasMessageContaining("ContextVar 'user' has no value in this task and no default");
    }

    @Test
    void resetPutsBackTheValueBeforeTheSet() {
        new Scheduler(Clock.virtual()).run(() -> {
            ContextVar.Token<String> token = REQUEST.set("temporary");
            assertThat(REQUEST.get()).isEqualTo("temporary");
            REQUEST.reset(token);
            assertThat(REQUEST.get()).isEqualTo("none");
            ContextVar<String> other = new ContextVar<>("other");
            assertThatThrownBy(() -> other.reset((ContextVar.Token) token)).hasMessageContaining("made by ContextVar 'request'");
            return null;
        });
    }

    @Test
    void toThreadRunsItsCallWithTheTasksValues() {
        String seen = new Scheduler(Clock.virtual()).run(() -> {
            REQUEST.set("r9");
            return toThread(REQUEST::get);
        });
        assertThat(seen).isEqualTo("r9");
    }
    @Test
    void aContextRunsCodeWithItsValuesKeepsWhatItSetsAndIsEnteredOnceAtATime() {
        List<String> log = new CopyOnWriteArrayList<>();
        new Scheduler(Clock.virtual()).run(() -> {
            REQUEST.set("main's");
            Context ctx = Context.copyContext();
            REQUEST.set("main's, later");
            assertThat(ctx.get(REQUEST)).as("a copy: later sets are not in it").isEqualTo("main's");
            createTask("child", () -> ctx.run(() -> {
                log.add("child sees " + REQUEST.get());
                sleep(0.1); // main reads the context meanwhile: the set below is not there yet
                REQUEST.set("child's, in ctx");
                sleep(0.1);
                return null;
            }));
            sleep(0.05);
            log.add("main, ctx has " + ctx.get(REQUEST));
            assertThatThrownBy(() -> ctx.run(() -> null)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("already entered");
            sleep(0.1);
            log.add("main, ctx has " + ctx.get(REQUEST) + " while the child is in it");
            sleep(0.1);
            log.add("main sees " + REQUEST.get() + ", ctx has " + ctx.get(REQUEST));
            log.add("a new context has " + new Context().get(REQUEST));
            return null;
        });
        assertThat(log).containsExactly("child sees main's", "main, ctx has main's",
                "main, ctx has child's, in ctx while the child is in it", "main sees main's, later, ctx has child's, in ctx",
                "a new context has null");
    }
}
