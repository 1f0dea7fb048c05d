package miniasyncio.testing;

import static miniasyncio.MiniAsyncio.toThread;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import miniasyncio.Scheduler;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lecture's async-fixture test, ported. pytest-asyncio's {@code @pytest_asyncio.fixture}
 * with {@code yield} is a {@code @BeforeEach} and an {@code @AfterEach} here: around an
 * {@link AsyncTest}, both run as the same main task of the test's loop, so they may suspend
 * ({@code toThread}) exactly as the fixture's {@code await}s do.
 *
 * <pre>
 * &#64;pytest_asyncio.fixture
 * async def text_file(tmp_path):
 *     path = tmp_path / "example.txt"
 *     await asyncio.to_thread(path.write_text, "hello from disk\n", encoding="utf-8")
 *     try:
 *         yield path
 *     finally:
 *         await asyncio.to_thread(path.unlink)
 *
 * &#64;pytest.mark.asyncio
 * async def test_read_file(text_file):
 *     content = await asyncio.to_thread(text_file.read_text, encoding="utf-8")
 *     assert content == "hello from disk\n"
 * </pre>
 */
class TextFileFixtureTest {

    @TempDir
    Path tmpPath;   // pytest's tmp_path

    Path textFile;  // what the fixture yields

    @BeforeEach
    void textFile() throws Exception {
        assertThat(Scheduler.current()).as("the fixture runs inside the test's loop").isNotNull();
        textFile = tmpPath.resolve("example.txt");
        toThread(() -> Files.writeString(textFile, "hello from disk\n", StandardCharsets.UTF_8));
    }

    @AfterEach
    void removeTextFile() throws Exception {
        toThread(() -> {
            Files.delete(textFile);
            return null;
        });
        assertThat(textFile).doesNotExist();
    }

    @AsyncTest
    void readFile() throws Exception {
        String content = toThread(() -> Files.readString(textFile, StandardCharsets.UTF_8));
        assertThat(content).isEqualTo("hello from disk\n");
    }
}
