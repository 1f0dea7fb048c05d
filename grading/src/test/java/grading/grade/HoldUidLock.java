package grading.grade;

import java.io.IOException;
import java.nio.channels.FileChannel;

/**
 * Another grader process, for {@link SandboxTest}: takes the sandbox lock of the uid given as its
 * argument ({@link UidLocks#tryLock}), prints "locked" (or "taken"), and holds it until its
 * standard input closes.
 */
final class HoldUidLock {

    private HoldUidLock() {
    }

    public static void main(String[] args) throws IOException {
        FileChannel lock = UidLocks.tryLock(Integer.parseInt(args[0]));
        System.out.println(lock == null ? "taken" : "locked");
        System.out.flush();
        System.in.read(); // until the test closes our stdin
    }
}
