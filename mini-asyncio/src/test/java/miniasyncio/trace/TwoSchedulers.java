package miniasyncio.trace;

import miniasyncio.Scheduler;

/** Two schedulers, one after the other, and lines printed before, in, between and after their runs. */
public final class TwoSchedulers {

    public static void main(String[] args) {
        System.out.println("before both");
        new Scheduler().run("first", () -> {
            System.out.println("in the first");
            return null;
        });
        System.out.println("between the two");
        new Scheduler().run("second", () -> {
            System.out.println("in the second");
            return null;
        });
        System.out.println("after both");
    }
}
