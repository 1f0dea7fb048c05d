package miniasyncio.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import miniasyncio.trace.StepRecorder.Entry;
import miniasyncio.trace.StepRecorder.OutputLine;
import miniasyncio.trace.StepRecorder.Snapshot;

/**
 * The step-through page's recording as JSON: what the page's script draws, and what a test reads
 * back. Lines of source, places (where a task waits: its own frames and a note for the kit's),
 * failures and long values are each written once, in a table of their own, and named by their
 * index wherever they show: a value listed at a thousand steps costs its text once.
 *
 * <p>The tables: {@code lines} ([file:line, source text or null, Class.method]), {@code places}
 * ({f: [line, ...] innermost first, more, kit, in}), {@code errors} ({cls, msg, cut, at, f, more,
 * kit, cause, suppressed}) and {@code texts} (values longer than {@value #SHORT} characters; a
 * field holding a number names one). {@code life} ([created, ended] by tid) and {@code stuck}
 * serve the overview.
 */
final class StepJson {

    /** A value up to this long is written where it shows; a longer one once, in {@code texts}. */
    static final int SHORT = 120;
    /** Lifetimes written for the overview's rows. */
    static final int LIVES = 2_000;
    /** Unfinished tasks named at the end. */
    static final int STUCK = 1_000;

    private final Map<StackTraceElement, Integer> lines = new LinkedHashMap<>();
    private final Map<Place, Integer> places = new LinkedHashMap<>();
    private final Map<Thrown, Integer> errors = new HashMap<>();
    private final List<Thrown> errorList = new ArrayList<>();
    private final Map<String, Integer> texts = new LinkedHashMap<>();
    private final SourceLines sources;

    private StepJson(SourceLines sources) {
        this.sources = sources;
    }

    static String json(StepRecorder recorder, String title, String ending, SourceLines sources) {
        return new StepJson(sources).write(recorder, title, ending);
    }

    private String write(StepRecorder recorder, String title, String ending) {
        List<Snapshot> steps = new ArrayList<>(recorder.steps());
        steps.add(recorder.finalState());
        StringBuilder j = new StringBuilder(256 + steps.size() * 300);
        j.append("{\"title\":").append(Json.quote(title))
                .append(",\"clock\":").append(Json.quote(recorder.virtualClock() ? "virtual clock" : "real clock"))
                .append(",\"steps\":").append(recorder.stepCount())
                .append(",\"stride\":").append(recorder.stride())
                .append(",\"limit\":").append(recorder.limit())
                .append(",\"listed\":").append(StepRecorder.LISTED)
                .append(",\"outputCut\":").append(recorder.outputCut())
                .append(",\"tasks\":").append(recorder.taskCount())
                .append(",\"failedN\":").append(recorder.failureCount())
                .append(",\"unretrieved\":").append(recorder.unretrieved())
                .append(",\"stuck\":").append(recorder.stuck(STUCK))
                .append(",\"stuckN\":").append(recorder.stuckCount())
                .append(",\"ending\":").append(ending == null ? "null" : Json.quote(ending))
                .append(",\"snaps\":[");
        for (int i = 0; i < steps.size(); i++) {
            if (i > 0) {
                j.append(",\n");
            }
            snapshot(j, steps.get(i));
        }
        j.append("],\n\"failed\":[");
        List<StepRecorder.Failure> failures = recorder.failures();
        for (int i = 0; i < failures.size(); i++) {
            StepRecorder.Failure f = failures.get(i);
            j.append(i == 0 ? "[" : ",[").append(f.tid()).append(',').append(Json.quote(f.name())).append(',');
            text(j, f.text()).append(',').append(f.step()).append(',').append(error(f.err())).append(']');
        }
        j.append("],\n\"output\":[");
        List<OutputLine> output = recorder.output();
        for (int i = 0; i < output.size(); i++) {
            OutputLine line = output.get(i);
            j.append(i == 0 ? "" : ",").append('[').append(line.step()).append(',').append(line.duringStep() ? 1 : 0)
                    .append(',').append(Json.quote(line.text())).append(']');
        }
        j.append("],\n\"life\":{");
        List<long[]> lives = recorder.lives(LIVES);
        for (int i = 0; i < lives.size(); i++) {
            long[] life = lives.get(i);
            j.append(i == 0 ? "\"" : ",\"").append(life[0]).append("\":[").append(life[1]).append(',').append(life[2]).append(']');
        }
        j.append("},\n\"errors\":");
        writeErrors(j); // before places and lines: an error names both
        j.append(",\n\"places\":");
        writePlaces(j); // before lines: a place names them
        j.append(",\n\"lines\":");
        writeLines(j);
        j.append(",\n\"texts\":[");
        int k = 0;
        for (String text : texts.keySet()) {
            j.append(k++ == 0 ? "" : ",").append(Json.quote(text));
        }
        return j.append("]}").toString();
    }

    private void snapshot(StringBuilder j, Snapshot s) {
        j.append("{\"n\":").append(s.n())
                .append(",\"t\":").append(Seconds.format(s.nanos(), 6))
                .append(",\"idle\":").append(Json.quote(s.idleBefore()))
                .append(",\"tid\":").append(s.tid())
                .append(",\"name\":").append(Json.quote(s.name()))
                .append(",\"k\":").append(s.taskStep())
                .append(",\"sent\":");
        text(j, s.sent()).append(",\"thr\":").append(s.sentThrow())
                .append(",\"end\":").append(Json.quote(s.ending()))
                .append(",\"what\":");
        text(j, s.what()).append(",\"err\":").append(error(s.err()))
                .append(",\"at\":").append(place(s.place()))
                .append(",\"ready\":");
        entries(j, s.ready(), false, false, true);
        j.append(",\"readyN\":").append(s.readySize()).append(",\"sleeping\":");
        entries(j, s.sleeping(), true, false, true);
        j.append(",\"sleepingN\":").append(s.sleepingSize())
                .append(",\"sleepingAll\":").append(s.sleepingComplete())
                .append(",\"results\":");
        entries(j, s.results(), false, false, false);
        j.append(",\"resultsN\":").append(s.resultsSize()).append(",\"parked\":");
        entries(j, s.parked(), false, true, true);
        j.append(",\"parkedN\":").append(s.parkedSize()).append(",\"did\":[");
        for (int k = 0; k < s.happened().size(); k++) {
            j.append(k == 0 ? "" : ",").append(Json.quote(s.happened().get(k)));
        }
        j.append("],\"moved\":").append(s.moved()).append(",\"diff\":[");
        for (int k = 0; k < s.differs().size(); k++) {
            Differs.Note note = s.differs().get(k);
            j.append(k == 0 ? "[" : ",[").append(Json.quote(note.kind())).append(',').append(Json.quote(note.text())).append(']');
        }
        j.append("]}");
    }

    /**
     * [tid, name, text], then the wake time (sleeping), the tid awaited (parked), the place it waits at
     * (not results; results have the failure's error instead), and for parked what it awaits in words
     * and the lock or queue it waits through ("" for none).
     */
    private void entries(StringBuilder j, List<Entry> entries, boolean wake, boolean awaits, boolean waits) {
        j.append('[');
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            j.append(i == 0 ? "[" : ",[").append(e.tid()).append(',').append(Json.quote(e.name())).append(',');
            text(j, e.text());
            if (wake) {
                j.append(',').append(Seconds.format(e.wakeNanos(), 6));
            }
            if (awaits) {
                j.append(',').append(e.awaits());
            }
            j.append(',').append(waits ? place(e.place()) : error(e.err()));
            if (awaits) {
                j.append(',').append(Json.quote(e.awaited())).append(',').append(Json.quote(e.via()));
            }
            j.append(']');
        }
        j.append(']');
    }

    /** A value's text where it shows, or the index of its one copy in {@code texts}. */
    private StringBuilder text(StringBuilder j, String text) {
        if (text.length() <= SHORT) {
            return j.append(Json.quote(text));
        }
        return j.append(texts.computeIfAbsent(text, t -> texts.size()));
    }

    private int line(StackTraceElement frame) {
        return frame == null ? -1 : lines.computeIfAbsent(frame, f -> lines.size());
    }

    private int place(Place place) {
        return place == null ? -1 : places.computeIfAbsent(place, p -> places.size());
    }

    /** The index of a failure (its causes first written too), -1 for none. */
    private int error(Thrown thrown) {
        if (thrown == null) {
            return -1;
        }
        Integer known = errors.get(thrown);
        if (known != null) {
            return known;
        }
        error(thrown.cause());
        errors.put(thrown, errorList.size());
        errorList.add(thrown);
        return errorList.size() - 1;
    }

    private void writeErrors(StringBuilder j) {
        j.append('[');
        for (int i = 0; i < errorList.size(); i++) {
            Thrown e = errorList.get(i);
            Place p = e.place();
            j.append(i == 0 ? "" : ",\n").append("{\"cls\":").append(Json.quote(e.type()))
                    .append(",\"msg\":").append(e.message() == null ? "null" : Json.quote(e.message()))
                    .append(",\"cut\":").append(e.cut())
                    .append(",\"at\":").append(line(e.throwSite()))
                    .append(",\"f\":");
            frames(j, p);
            j.append(",\"more\":").append(p == null ? 0 : p.more())
                    .append(",\"kit\":").append(p == null ? 0 : p.kit())
                    .append(",\"cause\":").append(e.cause() == null ? -1 : errors.get(e.cause()))
                    .append(",\"suppressed\":").append(e.suppressed()).append('}');
        }
        j.append(']');
    }

    private void writePlaces(StringBuilder j) {
        j.append('[');
        int i = 0;
        for (Place p : places.keySet()) {
            j.append(i++ == 0 ? "" : ",").append("{\"f\":");
            frames(j, p);
            j.append(",\"more\":").append(p.more()).append(",\"kit\":").append(p.kit())
                    .append(",\"in\":").append(Json.quote(p.in())).append('}');
        }
        j.append(']');
    }

    private void frames(StringBuilder j, Place p) {
        j.append('[');
        if (p != null) {
            for (int i = 0; i < p.frames().size(); i++) {
                j.append(i == 0 ? "" : ",").append(line(p.frames().get(i)));
            }
        }
        j.append(']');
    }

    /** Each line once: "Example.java:37", its source text (or null), "Example.main". */
    private void writeLines(StringBuilder j) {
        j.append('[');
        int i = 0;
        for (StackTraceElement f : lines.keySet()) {
            String text = sources.line(f);
            String file = f.getFileName() != null ? f.getFileName() : f.getClassName().substring(f.getClassName().lastIndexOf('.') + 1);
            j.append(i++ == 0 ? "[" : ",[").append(Json.quote(f.getLineNumber() > 0 ? file + ":" + f.getLineNumber() : file))
                    .append(',')
                    .append(text == null ? "null" : Json.quote(text)).append(',').append(Json.quote(Place.method(f)))
                    .append(']');
        }
        j.append(']');
    }
}
