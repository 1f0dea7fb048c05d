package grading.rules;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Uploads made from a fixed seed, as an outside tester makes them: the reference's homework
 * sources (in a repository, in a zip's top folder, or loose) among files whose names are random
 * bytes (backslashes, bytes that are not UTF-8, control codes, names of 255 bytes), folders nested
 * to just under the system's limit on a path and past it, sources of exactly the size limit and of
 * one byte more, and contents made to stress each step of the screen (thousands of comment
 * openers, quotes, {@code package} keywords, Unicode escapes).
 *
 * <p>Java cannot write a file name that is not text in its own charset, so every name is made
 * from a {@code file:} URI, whose percent escapes are the name's bytes whatever the JVM's locale;
 * each upload keeps the names' bytes, for a test to compare with what is on the disk.
 */
final class FuzzedUploads {

    /** The one seed: every run makes the same uploads, so a failure can be replayed. */
    static final long SEED = 52_04L;

    /** Linux's limit on a path, in bytes with the terminating NUL. */
    static final int PATH_MAX = 4096;

    private static final int MAX = (int) SubmissionScreen.MAX_SOURCE_BYTES;

    /** Folder names the screen gives a meaning to: a random name is never one of them. */
    private static final Set<String> MEANINGFUL = Set.of("homework", "src", "main", "java", "test", "resources",
            "META-INF", "services", "grading", "target", ".git", ".idea", ".vscode", ".settings", "node_modules",
            "pom.xml", "junit-platform.properties");

    /** The folder, among the solution sources, of the paths too long to open: 18 folders of this name. */
    static final String TOO_DEEP = "d".repeat(240);

    /**
     * One upload in {@code dir}: the files the screen must take (exactly these: the reference's and
     * the extra solution sources), the bytes of every name written (relative to {@code dir}, each
     * byte a char of ISO-8859-1), and the path, as the texts show it, of the folders nested past
     * the system's limit on a path (their names are not among {@code names}), or null.
     */
    record Upload(Path dir, Set<Path> mustTake, Set<String> names, String tooLong) {
    }

    private final Random random;
    private int uploads;
    private int classes;

    FuzzedUploads(long seed) {
        random = new Random(seed);
    }

    /** A place in an upload: its path, and its path's bytes relative to the upload, as ISO-8859-1. */
    private record Place(Path path, String raw) {
        Place child(byte[] name) {
            return new Place(named(path, name), (raw.isEmpty() ? "" : raw + "/") + latin1(name));
        }
    }

    /** The next upload, written into {@code dir} (a new folder). */
    Upload next(Path dir) throws IOException {
        int kind = uploads++ % 3;
        Upload upload = new Upload(Files.createDirectories(dir), new HashSet<>(), new HashSet<>(), kind == 0
                ? SubmissionScreen.SOURCES + TOO_DEEP : null);
        Place top = new Place(dir, "");
        if (kind == 2) {
            loose(upload, top);
        } else {
            Place base = kind == 0 ? top : folder(upload, top, name(1, 200)); // a zip's top folder
            repository(upload, base);
            if (kind == 1) {
                write(upload, top.child(name(1, 60)), plain()); // beside the repository: not taken
            }
        }
        for (int i = 0, n = 4 + random.nextInt(6); i < n; i++) { // anywhere, of any name: never taken
            Place where = random.nextBoolean() ? top : folder(upload, top, name(1, 255));
            write(upload, where.child(name(1, 255)), plain());
        }
        if (upload.tooLong() != null) {
            pastPathMax(upload);
        }
        return upload;
    }

    /** A repository at {@code base}: the reference, extra sources, stress files and harness files. */
    private void repository(Upload upload, Place base) throws IOException {
        Place sources = folders(upload, base, "homework", "src", "main", "java", "homework");
        reference(upload, sources);
        for (int i = 0, n = 3 + random.nextInt(4); i < n; i++) { // solution sources of any name, some in folders
            Place where = sources;
            for (int depth = random.nextInt(3); depth > 0; depth--) {
                where = folder(upload, where, name(1, 255));
            }
            take(upload, write(upload, where.child(javaName()), takenSource()));
        }
        take(upload, write(upload, sources.child(javaName()), ofExactlyTheLimit()));
        take(upload, write(upload, nearPathMax(upload, sources).child(javaName(55)), takenSource()));
        for (int i = 0, n = 2 + random.nextInt(2); i < n; i++) { // scanned, or refused by size: never taken
            write(upload, sources.child(javaName()), stress());
        }
        write(upload, sources.child(javaName()), bytes("package grading.fuzz;\nclass Fuzz { }\n"));
        write(upload, sources.child(javaName()), bytes("package elsewhere;\nclass Fuzz { }\n"));
        // One file whose name holds the whole path to the sources, backslashes for slashes: not under them.
        write(upload, base.child(bytes("homework\\src\\main\\java\\homework\\Fuzz" + uploads + ".java")), takenSource());
        write(upload, base.child(bytes("pom.xml")), bytes("<project/>"));
        write(upload, folders(upload, base, "homework", "src", "test", "java", "homework").child(javaName()), takenSource());
    }

    /** Loose files: the reference's in one folder of any name, stress and other files beside it. */
    private void loose(Upload upload, Place top) throws IOException {
        Place mine = folder(upload, top, name(1, 255));
        reference(upload, mine);
        write(upload, top.child(bytes("a\\Homework.java")), takenSource()); // one file of package homework: fewer
        for (int i = 0, n = 2 + random.nextInt(2); i < n; i++) {
            Place where = random.nextBoolean() ? top : folder(upload, top, name(1, 255));
            write(upload, where.child(javaName()), stress());
        }
        write(upload, top.child(javaName()), bytes("package grading.fuzz;\nclass Fuzz { }\n"));
    }

    /** The reference's homework sources, copied into {@code into}: all must be taken. */
    private void reference(Upload upload, Place into) throws IOException {
        Path homework = Submissions.root().resolve("homework/src/main/java/homework");
        try (Stream<Path> files = Files.list(homework)) {
            for (Path file : files.sorted().toList()) {
                take(upload, write(upload, into.child(bytes(file.getFileName().toString())), Files.readAllBytes(file)));
            }
        }
    }

    private static void take(Upload upload, Place file) {
        upload.mustTake().add(file.path());
    }

    private static Place write(Upload upload, Place file, byte[] content) throws IOException {
        Files.write(file.path(), content);
        upload.names().add(file.raw());
        return file;
    }

    private Place folder(Upload upload, Place in, byte[] name) throws IOException {
        Place dir = in.child(name);
        Files.createDirectory(dir.path());
        upload.names().add(dir.raw());
        return dir;
    }

    private Place folders(Upload upload, Place in, String... names) throws IOException {
        Place dir = in;
        for (String name : names) {
            dir = dir.child(bytes(name));
            if (!Files.isDirectory(dir.path())) {
                Files.createDirectory(dir.path());
                upload.names().add(dir.raw());
            }
        }
        return dir;
    }

    /**
     * Folders of random names under {@code in}, as deep as a source of a 60-byte name in them still
     * has an absolute path the system opens: the grader can read it, but a copy of its path into a
     * folder of the grader's would be too long.
     */
    private Place nearPathMax(Upload upload, Place in) throws IOException {
        int room = PATH_MAX - 1 - bytesOf(in.path()) - 1 - 64;
        Place dir = in;
        while (room > 2) {
            byte[] name = name(Math.min(room - 1, 200), Math.min(room - 1, 255));
            dir = folder(upload, dir, name);
            room -= name.length + 1;
        }
        return dir;
    }

    /**
     * A source at the end of 18 folders of 240 bytes, past the system's limit on a path: bash
     * makes them one folder at a time, relative to the last (Java only names absolute paths).
     * The test that made the upload deletes them with {@link #delete}.
     */
    private void pastPathMax(Upload upload) throws IOException {
        bash(upload.dir().resolve(SubmissionScreen.SOURCES), "for i in $(seq 18); do mkdir " + TOO_DEEP + " && cd "
                + TOO_DEEP + " || exit 1; done && printf 'package homework;\\nclass Deep { }\\n' > Deep.java");
    }

    /** Deletes the folders of {@code upload} past the system's limit on a path, which Java cannot. */
    static void delete(Upload upload) throws IOException {
        if (upload.tooLong() != null) {
            deleteDeep(upload.dir().resolve(SubmissionScreen.SOURCES), TOO_DEEP);
        }
    }

    /** Deletes the folder {@code name} of {@code dir}, paths past the system's limit too (rm walks relative to each folder). */
    static void deleteDeep(Path dir, String name) throws IOException {
        if (Files.exists(dir.resolve(name))) {
            bash(dir, "rm -rf -- " + name);
        }
    }

    /**
     * Runs {@code script} in {@code dir} with bash, whatever bytes the folder's path holds: bash
     * enters it through a link of an ASCII name (Java names a process's folder as text, which
     * would be another folder).
     */
    static void bash(Path dir, String script) throws IOException {
        Path links = Files.createTempDirectory("fuzzed-upload-");
        Path here = Files.createSymbolicLink(links.resolve("here"), dir.toAbsolutePath());
        try {
            Process bash = new ProcessBuilder("bash", "-c", "cd -P here && " + script).directory(links.toFile())
                    .redirectErrorStream(true).start();
            String output = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (bash.waitFor() != 0) {
                throw new IOException("bash -c " + script + ": " + output);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        } finally {
            Files.delete(here);
            Files.delete(links);
        }
    }

    /** A solution source, package homework, with what the package scan must see past before and after it. */
    private byte[] takenSource() {
        String name = "Fuzz" + uploads + "x" + classes++;
        return bytes(switch (random.nextInt(5)) {
            case 0 -> "package homework;\nclass " + name + " { }\n";
            case 1 -> "/* package grading; */ // package grading;\n/** \" ' */\npackage /* x */ homework ;\nclass " + name
                    + " {\n    String s = \"package grading;\";\n    char q = '\"';\n    String t = \"\"\"\n"
                    + "        */ package grading; /* \\\"\"\"\n        \"\"\";\n}\n";
            case 2 -> "\uFEFFpackage homework;\r\nclass " + name + " { }\r\n"; // an editor's byte order mark, CRLF
            case 3 -> "\\u002f\\u002a package grading; \\u002a\\u002f package homework; class " + name + " { }\n";
            default -> "// \"\n\\u0070ackage homework;\nclass " + name + " { char q = '\\u0022'; String s = \"/*\"; }\n";
        });
    }

    /** A solution source of exactly the size limit: taken (one byte more is refused). */
    private byte[] ofExactlyTheLimit() {
        StringBuilder text = new StringBuilder("package homework;\nclass Fuzz" + uploads + "x" + classes++ + " { }\n");
        String line = "// /* /* \" ' package grading; \\u0022\n";
        while (text.length() + line.length() + 3 <= MAX) {
            text.append(line);
        }
        text.append("//").append("x".repeat(MAX - text.length() - 3)).append('\n');
        return bytes(text.toString());
    }

    /** A text made of one unit again and again, of a size around the limit (or far past it): never a source. */
    private byte[] stress() {
        String[] units = {"/*", "/* ", "/*\n", "\"", "'", "\"\"\"", "//", "package ", "package\n", "\\u", "\\",
                "*", "\\u002f\\u002a ", "package package;", "/**/"};
        String unit = units[random.nextInt(units.length)];
        int[] sizes = {MAX - 1, MAX, MAX + 1, 2 << 20, 1_000_000};
        int size = sizes[random.nextInt(sizes.length)];
        StringBuilder text = new StringBuilder(size + unit.length());
        while (text.length() < size) {
            text.append(unit);
        }
        text.setLength(size);
        return bytes(text.toString());
    }

    private byte[] plain() {
        byte[] content = new byte[random.nextInt(64)];
        random.nextBytes(content);
        return content;
    }

    private byte[] javaName() {
        return javaName(250);
    }

    /** A name ending in ".java", of at most {@code maxStem} bytes before it. */
    private byte[] javaName(int maxStem) {
        byte[] stem = name(1, maxStem);
        byte[] name = new byte[stem.length + 5];
        System.arraycopy(stem, 0, name, 0, stem.length);
        System.arraycopy(bytes(".java"), 0, name, stem.length, 5);
        return name;
    }

    /**
     * A file name of {@code min} to {@code max} random bytes: letters, backslashes, punctuation,
     * control codes, lone bytes that are not UTF-8, and UTF-8 characters (Cyrillic, a bidi override,
     * an emoji). Never NUL or '/', which no name can hold, nor a name the screen gives a meaning to.
     */
    private byte[] name(int min, int max) {
        while (true) {
            int length = min + random.nextInt(max - min + 1);
            byte[] name = new byte[length];
            int n = 0;
            while (n < length) {
                byte[] piece = piece();
                if (n + piece.length > length) {
                    piece = new byte[] {'x'};
                }
                System.arraycopy(piece, 0, name, n, piece.length);
                n += piece.length;
            }
            String text = latin1(name);
            if (!text.equals(".") && !text.equals("..") && !MEANINGFUL.contains(text)) {
                return name;
            }
        }
    }

    private byte[] piece() {
        int kind = random.nextInt(100);
        if (kind < 35) {
            return new byte[] {(byte) "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".charAt(random.nextInt(62))};
        }
        if (kind < 50) {
            return new byte[] {'\\'};
        }
        if (kind < 58) {
            return new byte[] {(byte) " .-$%:*?\"'<>|;&#~".charAt(random.nextInt(17))};
        }
        if (kind < 68) {
            int code = 1 + random.nextInt(32); // 1..31, and 32 stands for DEL
            return new byte[] {(byte) (code == 32 ? 0x7f : code)};
        }
        if (kind < 84) {
            return new byte[] {(byte) (0x80 + random.nextInt(0x80))}; // alone, never UTF-8
        }
        String[] characters = {"ж", "Задание", "\u202e", "\u00e9", "\ud83d\ude00", "\ufeff"};
        return bytes(characters[random.nextInt(characters.length)]);
    }

    /** {@code dir/name}, the name's bytes exactly as given, whatever this JVM's charset for file names. */
    static Path named(Path dir, byte[] name) {
        String base = dir.toAbsolutePath().toUri().getRawPath();
        StringBuilder uri = new StringBuilder("file://").append(base.endsWith("/") ? base : base + "/");
        for (byte b : name) {
            int c = b & 0xff;
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '-'
                    || c == '_') {
                uri.append((char) c);
            } else {
                uri.append('%').append(String.format("%02X", c));
            }
        }
        return Path.of(URI.create(uri.toString()));
    }

    static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    static String latin1(byte[] bytes) {
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }

    /** The length in bytes of {@code path}, absolute: what the system's limit counts. */
    static int bytesOf(Path path) {
        String raw = path.toAbsolutePath().toUri().getRawPath();
        int n = 0;
        for (int i = 0; i < raw.length(); i++, n++) {
            if (raw.charAt(i) == '%') {
                i += 2;
            }
        }
        return raw.endsWith("/") ? n - 1 : n;
    }
}
