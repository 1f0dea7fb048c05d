package grading.batch;

import grading.grade.Text;
import java.io.PrintStream;
import java.util.Locale;

/**
 * A progress bar with an ETA for a batch:
 * {@code [########............]  12/30  40%  1:02 elapsed  ETA 1:33  s12-reference 106/106}.
 * On a terminal it redraws one line; elsewhere (a CI log, a file) it prints one line per
 * finished submission, so logs stay readable.
 */
final class Progress {

    private static final int WIDTH = 24;

    private final PrintStream out;
    private final int total;
    private final boolean redraw;
    private final long start = System.nanoTime();
    private int done;

    Progress(PrintStream out, int total, boolean redraw) {
        this.out = out;
        this.total = total;
        this.redraw = redraw;
    }

    /** One more submission finished; {@code what} says which and how it did. */
    synchronized void finished(String what) {
        done++;
        // what names a student's folder: its control characters escaped, the bar's own \r and ESC kept
        String line = line(done, total, (System.nanoTime() - start) / 1e9, Text.clean(what));
        if (redraw) {
            out.print("\r" + line + "\u001b[K");
            if (done == total) {
                out.println();
            }
        } else {
            out.println(line);
        }
        out.flush();
    }

    /** The bar for {@code done} of {@code total} after {@code elapsed} seconds. */
    static String line(int done, int total, double elapsed, String what) {
        int filled = total == 0 ? WIDTH : (int) ((long) WIDTH * done / total);
        String bar = "#".repeat(filled) + ".".repeat(WIDTH - filled);
        String eta = done == 0 ? "?" : clock(elapsed / done * (total - done));
        return String.format(Locale.ROOT, "[%s] %3d/%d %3d%%  %s elapsed  ETA %s  %s", bar, done, total,
                total == 0 ? 100 : 100 * done / total, clock(elapsed), eta, what);
    }

    /** 75.2 seconds as "1:15". */
    static String clock(double seconds) {
        long s = Math.round(seconds);
        return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }
}
