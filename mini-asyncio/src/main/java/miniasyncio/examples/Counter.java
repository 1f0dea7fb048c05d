package miniasyncio.examples;

import miniasyncio.Generator;
import miniasyncio.StopIteration;

/** Lecture section 1: a generator is a function that can pause at {@code yield}. */
public final class Counter {

    private Counter() {
    }

    static Generator<Integer, Void, Void> counter(int start, int stop) {
        return new Generator<>("counter", g -> {
            int i = start;
            while (i < stop) {
                g.yield(i);
                i += 1;
            }
            return null;
        });
    }

    public static void main(String[] args) {
        Generator<Integer, Void, Void> c = counter(0, 3);
        System.out.println(c.next() + " " + c.next() + " " + c.next());
        try {
            c.next();
        } catch (StopIteration e) {
            System.out.println("generator finished");
        }
    }
}
