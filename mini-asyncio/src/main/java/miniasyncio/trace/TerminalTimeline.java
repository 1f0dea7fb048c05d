package miniasyncio.trace;

import java.util.Arrays;
import java.util.Locale;

/**
 * The timeline as text, for {@code run NAME --trace}: one row per task, time to the right, one
 * character per column of time, and a row for the loop itself.
 *
 * <pre>
 * timeline (virtual clock): 0.000 s to 0.300 s, one column = 0.005 s
 *                  0.00      0.05      0.10 ...
 *  1 main          #.#|
 *  2 worker A      #...................#...
 *    loop          #zzzzzzzzz#zzzzzzzzz#...
 * </pre>
 *
 * A column shows the most important thing that happened in its stretch of time: a step that ran
 * there always shows, however short (on the virtual clock a step takes no time at all). Only
 * ASCII is used, so the picture survives any terminal and any file encoding.
 */
public final class TerminalTimeline {

    /** After a task's last step: it finished, or failed. */
    public static final char FINISHED = '|';
    public static final char FAILED = 'X';
    /** The loop's own row: no task was ready, so it waited for the next timer. */
    public static final char IDLE = 'z';
    public static final char BUSY = '#';

    private static final int DEFAULT_WIDTH = 60;

    private TerminalTimeline() {
    }

    public static String render(Timeline timeline) {
        return render(timeline, DEFAULT_WIDTH);
    }

    /** Draws {@code timeline} in about {@code width} columns (a round duration per column). */
    public static String render(Timeline timeline, int width) {
        if (width < 10) {
            throw new IllegalArgumentException("a timeline needs at least 10 columns, got " + width);
        }
        long end = Math.max(timeline.end(), 1);
        long perColumn = niceStep(Math.max(1, (end + width - 1) / width));
        int columns = (int) (end / perColumn) + 2; // the instant `end` has a column, and one more for the end marks
        StringBuilder out = new StringBuilder();
        int decimals = decimals(perColumn * 10);
        out.append(String.format(Locale.ROOT, "timeline (%s): %s s to %s s, one column = %s s%n",
                timeline.clockName(), Seconds.format(0), Seconds.format(timeline.end()),
                plain(perColumn)));
        if (timeline.rows().isEmpty()) {
            out.append("  (no task ran)").append(System.lineSeparator());
            return out.toString();
        }
        int labelWidth = "loop".length();
        for (TaskRow row : timeline.rows()) {
            labelWidth = Math.max(labelWidth, label(row).length());
        }
        String margin = " ".repeat(labelWidth + 3);
        out.append(margin).append(axis(columns, perColumn, decimals)).append(System.lineSeparator());
        for (TaskRow row : timeline.rows()) {
            out.append(String.format("  %-" + labelWidth + "s ", label(row)))
                    .append(cells(row, columns, perColumn))
                    .append("  ").append(row.steps()).append(row.steps() == 1 ? " step, " : " steps, ")
                    .append(row.ending())
                    .append(System.lineSeparator());
        }
        out.append(String.format("  %-" + labelWidth + "s ", "loop"))
                .append(loopCells(timeline, columns, perColumn)).append(System.lineSeparator());
        out.append(legend());
        return out.toString();
    }

    static String label(TaskRow row) {
        return row.tid() + " " + row.name();
    }

    private static String cells(TaskRow row, int columns, long perColumn) {
        char[] cells = new char[columns];
        Arrays.fill(cells, ' ');
        int[] rank = new int[columns];
        Arrays.fill(rank, Integer.MAX_VALUE);
        for (Span span : row.spans()) {
            int from = column(span.from(), perColumn);
            int to = span.to() > span.from() ? lastColumn(span.to(), perColumn) : from;
            for (int c = from; c <= to && c < columns; c++) {
                if (span.kind().ordinal() < rank[c]) {
                    rank[c] = span.kind().ordinal();
                    cells[c] = span.kind().glyph;
                }
            }
        }
        if (row.finished()) {
            int c = Math.min(columns - 1, column(row.endedAt(), perColumn) + 1);
            cells[c] = row.failed() ? FAILED : FINISHED;
        }
        return new String(cells); // not stripped: the summary after it lines up
    }

    private static String loopCells(Timeline timeline, int columns, long perColumn) {
        char[] cells = new char[columns];
        Arrays.fill(cells, ' ');
        for (long[] wait : timeline.idle()) {
            if (wait[1] > wait[0]) {
                for (int c = column(wait[0], perColumn); c <= lastColumn(wait[1], perColumn) && c < columns; c++) {
                    cells[c] = IDLE;
                }
            }
        }
        for (TaskRow row : timeline.rows()) {
            for (Span span : row.spans()) {
                if (span.kind() == Span.Kind.RUNNING) {
                    int from = column(span.from(), perColumn);
                    int to = span.to() > span.from() ? lastColumn(span.to(), perColumn) : from;
                    for (int c = from; c <= to && c < columns; c++) {
                        cells[c] = BUSY;
                    }
                }
            }
        }
        return new String(cells).stripTrailing();
    }

    /** The column holding instant {@code t}. */
    private static int column(long t, long perColumn) {
        return (int) (t / perColumn);
    }

    /** The last column a stretch ending (exclusively) at {@code t} touches. */
    private static int lastColumn(long t, long perColumn) {
        return (int) ((t - 1) / perColumn);
    }

    private static String axis(int columns, long perColumn, int decimals) {
        StringBuilder axis = new StringBuilder();
        for (int c = 0; c < columns; c += 10) {
            String label = Seconds.format(c * perColumn, decimals);
            axis.append(label);
            int pad = Math.min(10, columns - c) - label.length();
            axis.append(" ".repeat(Math.max(1, pad)));
        }
        return axis.toString().stripTrailing();
    }

    private static String legend() {
        StringBuilder legend = new StringBuilder("legend:");
        for (Span.Kind kind : Span.Kind.values()) {
            legend.append("  ").append(kind.glyph).append(' ').append(kind.meaning);
        }
        legend.append(System.lineSeparator()).append("       ")
                .append("  ").append(FINISHED).append(" finished")
                .append("  ").append(FAILED).append(" failed")
                .append("  ").append(BUSY).append(' ').append("loop busy (a step ran)")
                .append("  ").append(IDLE).append(' ').append("loop idle, waiting for the next timer or the network")
                .append(System.lineSeparator());
        return legend.toString();
    }

    /** The smallest 1, 2 or 5 times a power of ten that is at least {@code nanos}. */
    static long niceStep(long nanos) {
        long power = 1;
        while (true) {
            for (long m : new long[] {1, 2, 5}) {
                if (m * power >= nanos) {
                    return m * power;
                }
            }
            power *= 10;
        }
    }

    /** Enough decimals to print multiples of {@code stepNanos} in seconds exactly (at least 2). */
    private static int decimals(long stepNanos) {
        int decimals = 9;
        long unit = 1;
        while (decimals > 2 && stepNanos % (unit * 10) == 0) {
            unit *= 10;
            decimals--;
        }
        return decimals;
    }

    private static String plain(long nanos) {
        return new java.math.BigDecimal(nanos).movePointLeft(9).stripTrailingZeros().toPlainString();
    }
}
