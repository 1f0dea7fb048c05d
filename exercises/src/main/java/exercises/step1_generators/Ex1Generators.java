package exercises.step1_generators;

import miniasyncio.Generator;
import miniasyncio.StopIteration;

/** Prints the lecture's section 1 transcripts: counter, echo with send, yield from. */
public final class Ex1Generators {

    private Ex1Generators() {
    }

    public static void main(String[] args) {
        Generator<Integer, Void, Void> c = Generators.counter(0, 3);
        System.out.println(c.next() + " " + c.next() + " " + c.next());
        try {
            c.next();
        } catch (StopIteration e) {
            System.out.println("generator finished");
        }

        Generator<String, String, Void> g = Generators.echo();
        System.out.println(g.next());          // runs to the first yield: "start"
        System.out.println(g.send("hello"));   // "got: hello"
        System.out.println(g.send("world"));   // "got: world"
        g.close();

        for (Object x : Generators.outer()) {
            System.out.println(x);
        }
    }
}
