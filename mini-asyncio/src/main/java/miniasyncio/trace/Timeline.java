package miniasyncio.trace;

import java.util.List;

/**
 * What a {@link Recorder} saw of one run, ready to draw: one row per task, the loop's idle
 * stretches, and the time range, all in nanoseconds since the recording started.
 *
 * @param virtual whether it was taken on the virtual clock (steps then take no time)
 * @param idle    the loop's idle waits, each {@code {from, to}}
 */
public record Timeline(boolean virtual, long end, List<TaskRow> rows, List<long[]> idle) {

    public String clockName() {
        return virtual ? "virtual clock" : "real clock";
    }
}
