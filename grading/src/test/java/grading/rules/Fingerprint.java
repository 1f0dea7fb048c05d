package grading.rules;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** Hashes of files and folders, to prove that grading changed nothing it should not have. */
final class Fingerprint {

    private Fingerprint() {
    }

    static String of(Path file) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Relative path -> hash of every file below {@code dir}. */
    static Map<String, String> tree(Path dir) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.filter(Files::isRegularFile).toList()) {
                files.put(dir.relativize(p).toString(), of(p));
            }
        }
        return files;
    }

    /** What was added, removed or changed between two {@link #tree}s. */
    static List<String> changes(Map<String, String> before, Map<String, String> after) {
        List<String> changed = new ArrayList<>();
        for (var e : after.entrySet()) {
            if (!e.getValue().equals(before.get(e.getKey()))) {
                changed.add((before.containsKey(e.getKey()) ? "changed " : "added ") + e.getKey());
            }
        }
        for (String gone : before.keySet()) {
            if (!after.containsKey(gone)) {
                changed.add("removed " + gone);
            }
        }
        return changed;
    }
}
