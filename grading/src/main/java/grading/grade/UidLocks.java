package grading.grade;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The machine-wide locks on sandbox uids: a lock on a file per uid in one folder of the machine
 * ({@link Sandbox#LOCKS}), so that two graders (two courses, two CI jobs, two builds) never give
 * one uid to two children, whatever {@code java.io.tmpdir} each has: the grader that held a uid
 * would otherwise see its children ended by the other's kill of "every process of this uid".
 *
 * <p>Why the set of uids this JVM holds: a file lock belongs to the process, and closing
 * <em>any</em> channel of the file drops it (POSIX locks; the JDK warns of it in {@code FileLock}).
 * Probing a uid this JVM already holds, by opening the file again and closing it, would silently
 * hand that uid to the next grader that asks. So this JVM never opens the file of a uid it holds.
 */
final class UidLocks {

    private static final Set<Integer> HELD = ConcurrentHashMap.newKeySet();

    private UidLocks() {
    }

    /** The lock of {@code uid} taken, or null when another run (of this grader or another) holds it. */
    static FileChannel tryLock(int uid) {
        if (!HELD.add(uid)) {
            return null; // this JVM holds it: opening the file again would risk the lock
        }
        FileChannel channel = null;
        try {
            Files.createDirectories(Sandbox.LOCKS);
            channel = FileChannel.open(file(uid), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            if (channel.tryLock() != null) {
                return channel;
            }
        } catch (IOException | OverlappingFileLockException taken) {
            // another grader has it
        }
        unlock(uid, channel);
        return null;
    }

    /** Gives up the lock of {@code uid} taken by {@link #tryLock} (null: nothing was taken). */
    static void unlock(int uid, FileChannel lock) {
        try {
            if (lock != null) {
                lock.close();
            }
        } catch (IOException e) {
            // closed anyway
        } finally {
            HELD.remove(uid);
        }
    }

    private static Path file(int uid) {
        return Sandbox.LOCKS.resolve("mini-asyncio-grading-uid-" + uid + ".lock");
    }
}
