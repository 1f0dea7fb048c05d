package miniasyncio.bench;

import java.util.Arrays;

/**
 * How every figure of the bench is taken: a few warm-up runs (so the JIT has compiled the code
 * before we time it), then several timed runs, reported as the median with the min and max.
 *
 * <p>Workloads that are compared with each other run <em>interleaved</em>: A, B, A, B... rather
 * than all of A and then all of B. A noisy neighbour on the machine then slows both alike, and
 * the ratio between them stays honest even when the absolute numbers move.
 */
final class Measure {

    /** Nanoseconds per operation over the timed runs. */
    record Stats(double median, double min, double max) {
    }

    private Measure() {
    }

    /**
     * Runs {@code bodies} round robin, {@code warmups} untimed rounds and then {@code iterations}
     * timed ones, and returns for each body its nanoseconds per op ({@code ops} ops per run).
     */
    static Stats[] interleaved(int warmups, int iterations, long ops, Runnable... bodies) {
        long[] each = new long[bodies.length];
        Arrays.fill(each, ops);
        return interleaved(warmups, iterations, each, bodies);
    }

    /** As above, with its own number of ops for each body. */
    static Stats[] interleaved(int warmups, int iterations, long[] ops, Runnable... bodies) {
        for (int w = 0; w < warmups; w++) {
            for (Runnable body : bodies) {
                body.run();
            }
        }
        double[][] samples = new double[bodies.length][iterations];
        for (int i = 0; i < iterations; i++) {
            for (int b = 0; b < bodies.length; b++) {
                settle(); // garbage left by the previous run must not be collected during this one
                long start = System.nanoTime();
                bodies[b].run();
                samples[b][i] = (System.nanoTime() - start) / (double) ops[b];
            }
        }
        Stats[] stats = new Stats[bodies.length];
        for (int b = 0; b < bodies.length; b++) {
            stats[b] = summarize(samples[b]);
        }
        return stats;
    }

    static Stats summarize(double[] samples) {
        double[] sorted = samples.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        return new Stats(median, sorted[0], sorted[n - 1]);
    }

    /** A full collection, twice: the second one frees what finalization-like cleanup left behind. */
    static void settle() {
        System.gc();
        System.gc();
    }

    /** Bytes of heap in use after a full collection. */
    static long usedHeapAfterGc() {
        settle();
        Runtime rt = Runtime.getRuntime();
        return rt.totalMemory() - rt.freeMemory();
    }
}
