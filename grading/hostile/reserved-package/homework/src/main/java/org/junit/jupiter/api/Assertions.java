package org.junit.jupiter.api;

/** hostile: a JUnit Assertions whose checks never fail, hoping to shadow the real one. */
public final class Assertions {
    private Assertions() {
    }

    public static void assertEquals(Object expected, Object actual) {
    }

    public static void assertTrue(boolean condition) {
    }
}
