package miniasyncio.examples;

import miniasyncio.Generator;

/** Lecture section 1: {@code yield} is an expression; {@code send} gives it a value. */
public final class Echo {

    private Echo() {
    }

    static Generator<String, String, Void> echo() {
        return new Generator<>("echo", g -> {
            String msg = "start";
            while (true) {
                String received = g.yield(msg);
                msg = "got: " + received;
            }
        });
    }

    public static void main(String[] args) {
        Generator<String, String, Void> g = echo();
        System.out.println(g.next());          // runs to the first yield: prints "start"
        System.out.println(g.send("hello"));   // prints "got: hello"
        System.out.println(g.send("world"));   // prints "got: world"
        g.close();
    }
}
