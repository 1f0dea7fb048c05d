package exercises.step2_roundrobin;

import java.util.List;

/** The lecture's section 3a transcript: workers A (3 steps), B (3) and C (2) take turns. */
public final class Ex2RoundRobin {

    private Ex2RoundRobin() {
    }

    public static void main(String[] args) {
        RoundRobin.scheduler(List.of(
                RoundRobin.worker("A", 3, System.out::println),
                RoundRobin.worker("B", 3, System.out::println),
                RoundRobin.worker("C", 2, System.out::println)));
    }
}
