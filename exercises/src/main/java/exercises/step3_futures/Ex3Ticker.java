package exercises.step3_futures;

/** The lecture's {@code async for tick in Ticker(3, 0.05)} (section 4): tick 1, tick 2, tick 3. */
public final class Ex3Ticker {

    private Ex3Ticker() {
    }

    public static void main(String[] args) {
        new FutureScheduler().run("ticker", () -> {
            for (int tick : new Ticker(3, 0.05)) {
                System.out.println("tick " + tick);
            }
            return null;
        });
    }
}
