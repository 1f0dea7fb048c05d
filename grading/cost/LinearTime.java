import grading.hidden.ScaleTests;
import java.util.Locale;

/**
 * One measurement of the hidden test ScaleTests#timeLinearInWaitingTasks, with its figures: the
 * JVM is started as the grader starts a student JVM (see linear-time.sh), and the 10,000-task
 * test runs first, as it does when grading.
 */
public class LinearTime {
    public static void main(String[] args) {
        try {
            new ScaleTests().tenThousand();
        } catch (Throwable t) {
            System.out.print("(the 10,000-task test failed first) ");
        }
        long start = System.nanoTime();
        ScaleTests.Growth g = ScaleTests.measureGrowth();
        System.out.printf(Locale.ROOT, "small %.1f ms  big %.1f ms  ratio %.1f  reference %.1f / %.1f ms, ratio %.1f"
                        + "  above its growth %.1f ms  %s  rounds %d  wall %.0f ms%n",
                g.small() / 1e6, g.big() / 1e6, g.ratio(), g.referenceSmall() / 1e6, g.referenceBig() / 1e6,
                g.referenceRatio(), (g.big() - g.referenceRatio() * g.small()) / 1e6,
                g.linear() ? "passes" : "fails", g.rounds(), (System.nanoTime() - start) / 1e6);
    }
}
