package miniasyncio.examples;

import static miniasyncio.MiniAsyncio.toThread;

import java.io.BufferedReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import miniasyncio.MiniAsyncio;

/**
 * The lecture's {@code AsyncTextFile} (section 4): an async context manager whose every file call
 * goes through {@code to_thread}, so the loop never blocks on the disk.
 *
 * <pre>
 * class AsyncTextFile:                          final class AsyncTextFile implements AutoCloseable
 *     async def __aenter__(self):                   static AsyncTextFile open(Path path)
 *         self._file = await asyncio.to_thread(         file = toThread(() -&gt; Files.newBufferedReader(path))
 *             self._path.open, "r", ...)
 *     async def __aexit__(self, ...):               public void close()
 *         await asyncio.to_thread(self._file.close)     toThread(() -&gt; { file.close(); ... })
 *     async def read(self):                         String read()
 *         return await asyncio.to_thread(self._file.read)
 *
 * async with AsyncTextFile(path) as file:       try (AsyncTextFile file = AsyncTextFile.open(path)) {
 *     print(await file.read())                      System.out.println(file.read());
 * </pre>
 *
 * <p>Java's try-with-resources is the {@code async with}: a task's {@code close()} may suspend
 * (here in {@code toThread}), because suspending is a plain call. {@code toThread} runs the
 * blocking call on a worker thread; the worker hands the result back and wakes the loop, and the
 * task resumes on the loop's thread.
 */
public final class AsyncTextFile implements AutoCloseable {

    private final BufferedReader file;

    private AsyncTextFile(BufferedReader file) {
        this.file = file;
    }

    /** {@code __aenter__}: opens the file on a worker thread. */
    public static AsyncTextFile open(Path path) throws Exception {
        BufferedReader file = toThread(() -> Files.newBufferedReader(path, StandardCharsets.UTF_8));
        System.out.println("opened");
        return new AsyncTextFile(file);
    }

    /** {@code read()}: the whole file, read on a worker thread. */
    public String read() throws Exception {
        return toThread(() -> {
            StringBuilder text = new StringBuilder();
            char[] buffer = new char[8192];
            for (int n; (n = file.read(buffer)) >= 0; ) {
                text.append(buffer, 0, n);
            }
            return text.toString();
        });
    }

    /** {@code __aexit__}: closes the file on a worker thread. */
    @Override
    public void close() throws Exception {
        toThread(() -> {
            file.close();
            return null;
        });
        System.out.println("closed");
    }

    public static void main(String[] args) throws Exception {
        Path directory = Files.createTempDirectory("mini-asyncio-"); // with TemporaryDirectory() as directory:
        try {
            Path path = directory.resolve("example.txt");
            MiniAsyncio.run(() -> {
                toThread(() -> Files.writeString(path, "hello from disk", StandardCharsets.UTF_8));
                try (AsyncTextFile file = AsyncTextFile.open(path)) {
                    System.out.println(file.read());
                }
            });
        } finally {
            try (var files = Files.list(directory)) {
                for (Path p : files.toList()) {
                    Files.delete(p);
                }
            }
            Files.delete(directory);
        }
    }
}
