package miniasyncio.testing;

/** Which clock a test's scheduler runs on. */
public enum TestClock {
    /** Time jumps to the next timer: exact, instant, the same on every run. The default. */
    VIRTUAL,
    /** Real time ({@code System.nanoTime}): sleeps really wait. */
    REAL
}
