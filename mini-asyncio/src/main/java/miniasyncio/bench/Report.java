package miniasyncio.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import miniasyncio.trace.Json;

/**
 * Collects every figure under a self-explaining key ({@code switch.ratio_vs_raw_continuation})
 * and prints it as it comes. The same keys, in the same order, go to {@code --json FILE}: one
 * flat JSON object, so that a script can read a figure without knowing the layout.
 */
final class Report {

    /** A target from the issue: the measured value must be at most, or at least, {@code limit}. */
    record Target(boolean atMost, double limit) {
        static Target atMost(double limit) {
            return new Target(true, limit);
        }

        static Target atLeast(double limit) {
            return new Target(false, limit);
        }

        boolean met(double value) {
            return atMost ? value <= limit : value >= limit;
        }

        @Override
        public String toString() {
            return (atMost ? "<= " : ">= ") + fmt(limit);
        }
    }

    private final Map<String, Object> figures = new LinkedHashMap<>();
    private final PrintStream out;

    Report(PrintStream out) {
        this.out = out;
    }

    Map<String, Object> figures() {
        return figures;
    }

    void section(String workload, String what) {
        out.println();
        out.println(workload + ": " + what);
    }

    void note(String key, String text) {
        figures.put(key, text);
        out.println("  " + text);
    }

    void value(String key, double value, String label, String unit) {
        figures.put(key, value);
        out.printf(Locale.ROOT, "  %-44s %12s %s%n", label, fmt(value), unit);
    }

    /** A size (tasks, steps): a whole number. */
    void count(String key, long value, String label) {
        figures.put(key, value);
        out.printf(Locale.ROOT, "  %-44s %12d%n", label, value);
    }

    /** A timed figure: the median under {@code key}, and {@code key.min}, {@code key.max}. */
    void stats(String key, Measure.Stats stats, String label, String unit) {
        figures.put(key, stats.median());
        figures.put(key + ".min", stats.min());
        figures.put(key + ".max", stats.max());
        out.printf(Locale.ROOT, "  %-44s %12s %s  (min %s, max %s)%n",
                label, fmt(stats.median()), unit, fmt(stats.min()), fmt(stats.max()));
    }

    /** A ratio, with its target when it has one: adds {@code key.target} and {@code key.met}. */
    void ratio(String key, double value, String label, Target target) {
        judged(key, value, label, "x", target);
    }

    /** A figure held against a target (or none): adds {@code key.target} and {@code key.met}. */
    void judged(String key, double value, String label, String unit, Target target) {
        figures.put(key, value);
        String verdict = "";
        if (target != null) {
            boolean met = target.met(value);
            figures.put(key + ".target", target.toString());
            figures.put(key + ".met", met);
            verdict = "  target " + target + ": " + (met ? "met" : "MISSED");
        }
        out.printf(Locale.ROOT, "  %-44s %12s %s%s%n", label, fmt(value), unit, verdict);
    }

    void writeJson(Path file) throws IOException {
        StringBuilder json = new StringBuilder("{\n");
        int i = 0;
        for (Map.Entry<String, Object> e : figures.entrySet()) {
            json.append("  ").append(Json.quote(e.getKey())).append(": ").append(jsonValue(e.getValue()));
            json.append(++i < figures.size() ? ",\n" : "\n");
        }
        json.append("}\n");
        Files.writeString(file, json, StandardCharsets.UTF_8);
    }

    private static String jsonValue(Object v) {
        if (v instanceof Double d) {
            return d.isNaN() || d.isInfinite() ? "null" : String.format(Locale.ROOT, "%.4f", d);
        }
        if (v instanceof Number || v instanceof Boolean) {
            return v.toString();
        }
        return Json.quote(String.valueOf(v));
    }

    /** Three significant-ish digits: 0.0123, 1.23, 123.4, 12345. */
    static String fmt(double v) {
        if (Double.isNaN(v)) {
            return "n/a";
        }
        double a = Math.abs(v);
        String pattern = a >= 1000 ? "%.0f" : a >= 100 ? "%.1f" : a >= 1 ? "%.2f" : "%.4f";
        return String.format(Locale.ROOT, pattern, v);
    }
}
