package miniasyncio.examples;

import miniasyncio.Generator;

/**
 * Lecture section 1: {@code yield from} hands control to an inner generator and returns what it
 * returned. (Tasks in this kit never need it: {@code sleep()} suspends the whole stack.)
 */
public final class YieldFrom {

    private YieldFrom() {
    }

    static Generator<Object, Void, String> inner() {
        return new Generator<>("inner", g -> {
            g.yield(1);
            g.yield(2);
            return "done";
        });
    }

    static Generator<Object, Void, Void> outer() {
        return new Generator<>("outer", g -> {
            String result = g.yieldFrom(inner());
            g.yield("inner returned: " + result);
            return null;
        });
    }

    public static void main(String[] args) {
        for (Object x : outer()) {
            System.out.println(x);
        }
    }
}
