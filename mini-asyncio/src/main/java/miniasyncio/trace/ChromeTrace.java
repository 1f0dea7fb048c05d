package miniasyncio.trace;

import static miniasyncio.trace.Json.quote;

import java.util.Locale;

/**
 * The timeline in Chrome's Trace Event format ({@code --trace-out run.json}), which Perfetto
 * (ui.perfetto.dev) and {@code chrome://tracing} open. Each task is a thread of process 1,
 * named "task 2 (worker A)"; the loop's idle waits are on thread 0, "loop".
 *
 * <p>Steps, sleeps, waits and ready stretches are complete events ({@code "ph":"X"}) with times
 * in microseconds; a task's end is an instant event ({@code "ph":"i"}). On the virtual clock a
 * step takes no time: its event has {@code "dur":0}, and its real duration is in {@code args}.
 */
public final class ChromeTrace {

    private ChromeTrace() {
    }

    public static String render(Timeline timeline) {
        StringBuilder json = new StringBuilder("{\"displayTimeUnit\":\"ms\",\"otherData\":{\"clock\":")
                .append(quote(timeline.clockName())).append("},\"traceEvents\":[\n");
        String sep = "";
        json.append(meta(0, "loop", -1));
        sep = ",\n";
        for (TaskRow row : timeline.rows()) {
            json.append(sep).append(meta(row.tid(), row.label(), row.tid()));
            for (Span span : row.spans()) {
                json.append(sep).append(complete(row.tid(), span.kind().name().toLowerCase(Locale.ROOT),
                        span.kind().name().toLowerCase(Locale.ROOT), span.from(), span.to(),
                        "\"step\":" + span.step() + ",\"detail\":" + quote(span.detail())
                                + (span.kind() == Span.Kind.RUNNING
                                        ? ",\"realMicros\":" + micros(span.realNanos()) : "")));
            }
            if (row.finished()) {
                json.append(sep).append("{\"name\":").append(quote(row.failed() ? "failed" : "finished"))
                        .append(",\"cat\":\"task\",\"ph\":\"i\",\"s\":\"t\",\"ts\":").append(micros(row.endedAt()))
                        .append(",\"pid\":1,\"tid\":").append(row.tid())
                        .append(",\"args\":{\"ending\":").append(quote(row.ending())).append("}}");
            }
        }
        for (long[] wait : timeline.idle()) {
            json.append(sep).append(complete(0, "idle", "idle", wait[0], wait[1],
                    "\"detail\":\"no task ready: waiting for the next timer or the network\""));
        }
        return json.append("\n]}\n").toString();
    }

    private static String meta(int tid, String name, int sortIndex) {
        return "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":" + tid + ",\"args\":{\"name\":" + quote(name)
                + "}},\n{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":1,\"tid\":" + tid
                + ",\"args\":{\"sort_index\":" + sortIndex + "}}";
    }

    private static String complete(int tid, String name, String category, long from, long to, String args) {
        return "{\"name\":" + quote(name) + ",\"cat\":" + quote(category) + ",\"ph\":\"X\",\"ts\":" + micros(from)
                + ",\"dur\":" + micros(to - from) + ",\"pid\":1,\"tid\":" + tid + ",\"args\":{" + args + "}}";
    }

    /** Nanoseconds as microseconds with three decimals: the format's unit, with nothing lost. */
    static String micros(long nanos) {
        return String.format(Locale.ROOT, "%.3f", nanos / 1e3);
    }
}
