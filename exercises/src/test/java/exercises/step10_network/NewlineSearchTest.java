package exercises.step10_network;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link StreamReader#indexOfNewline} reads eight bytes at a time: it must find the same
 * {@code '\n'} a byte-at-a-time search finds, wherever it is in the word, at either end of the
 * range, after bytes whose arithmetic could carry into it, and never one outside the range.
 */
class NewlineSearchTest {

    private static int byteAtATime(byte[] bytes, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    @Test
    void findsTheFirstNewlineAtEveryPositionOfEveryRange() {
        for (int length = 0; length <= 40; length++) {
            for (int at = -1; at < length; at++) {
                byte[] bytes = new byte[length];
                java.util.Arrays.fill(bytes, (byte) 'a');
                if (at >= 0) {
                    bytes[at] = '\n';
                }
                for (int from = 0; from <= length; from++) {
                    for (int to = from; to <= length; to++) {
                        assertThat(StreamReader.indexOfNewline(bytes, from, to))
                                .as("length %d, newline at %d, range [%d, %d)", length, at, from, to)
                                .isEqualTo(byteAtATime(bytes, from, to));
                    }
                }
            }
        }
    }

    @Test
    void bytesNextToANewlineThatBorrowOrCarryDoNotMoveIt() {
        // 0x0B and 0x8A, XORed with '\n', are 0x01 and 0x80: the bytes the zero-byte test is closest to getting wrong
        byte[] tricky = {0x0B, (byte) 0x8A, 0x00, (byte) 0xFF, 0x09, 0x0A, (byte) 0x8B, 0x7F};
        SplittableRandom random = new SplittableRandom(7);
        for (int round = 0; round < 20_000; round++) {
            byte[] bytes = new byte[random.nextInt(1, 70)];
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = random.nextInt(4) == 0 ? (byte) random.nextInt(256) : tricky[random.nextInt(tricky.length)];
            }
            int from = random.nextInt(bytes.length + 1);
            int to = random.nextInt(from, bytes.length + 1);
            assertThat(StreamReader.indexOfNewline(bytes, from, to)).as("round %d", round)
                    .isEqualTo(byteAtATime(bytes, from, to));
        }
    }
}
