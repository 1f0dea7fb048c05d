package exercises.proof;

import com.github.difflib.patch.PatchFailedException;
import com.github.difflib.unifieddiff.UnifiedDiff;
import com.github.difflib.unifieddiff.UnifiedDiffFile;
import com.github.difflib.unifieddiff.UnifiedDiffReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One planted wrong solution: {@code wrong/NAME.patch}, a few {@code #} header lines and a unified
 * diff against the reference, as {@code git diff -U1} prints it without its {@code diff --git} and
 * {@code index} lines, with paths relative to the exercises module ({@code a/src/main/java/...}),
 * so {@code git apply} in {@code exercises/} plants it by hand too:
 *
 * <pre>
 * # what the mistake is (the statement: what it says instead)
 * # fails: SomeTest#someMethod, SomeTest#otherMethod
 * # says: a fragment of the failure message of one of them   (optional)
 * --- a/src/main/java/...
 * +++ b/src/main/java/...
 * </pre>
 *
 * @param name the file name without {@code .patch}
 * @param mistake the first header line: what is wrong and what the statement says
 * @param fails the tests ({@code Class#method}) that must fail
 * @param says a fragment one of their failure messages must contain, or null
 */
public record PlantedMistake(String name, Path file, String mistake, List<String> fails, String says, UnifiedDiff diff) {

    public static PlantedMistake read(Path file) throws IOException {
        String name = file.getFileName().toString().replaceFirst("\\.patch$", "");
        String text = Files.readString(file, StandardCharsets.UTF_8);
        String mistake = null;
        String says = null;
        List<String> fails = List.of();
        for (String line : text.lines().takeWhile(l -> l.startsWith("#")).toList()) {
            String value = line.substring(1).strip();
            if (value.startsWith("fails:")) {
                fails = Arrays.stream(value.substring("fails:".length()).split(",")).map(String::strip).toList();
            } else if (value.startsWith("says:")) {
                says = value.substring("says:".length()).strip();
            } else if (mistake == null) {
                mistake = value;
            }
        }
        if (mistake == null || fails.isEmpty() || !fails.stream().allMatch(t -> t.matches("\\w+#\\w+"))) {
            throw new AssertionError(file + ": the header must say the mistake in its first '#' line and name the"
                    + " tests that must fail in a '# fails: Class#method, ...' line");
        }
        UnifiedDiff diff;
        try {
            diff = UnifiedDiffReader.parseUnifiedDiff(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
        } catch (RuntimeException | IOException e) {
            throw new AssertionError(file + " is not a unified diff: " + e.getMessage(), e);
        }
        if (diff.getFiles().isEmpty()) {
            throw new AssertionError(file + " changes no file: the header must be followed by a unified diff");
        }
        return new PlantedMistake(name, file, mistake, fails, says, diff);
    }

    /**
     * The changed files (path relative to the module, {@code src/main/java/...}, and patched text),
     * each patched from the reference in {@code module}. A hunk may have moved (the reference
     * grew above it) but its lines must still be there, as {@code git apply} demands; otherwise this
     * fails, naming the patch and the file.
     */
    public Map<String, String> applyTo(Path module) throws IOException {
        Map<String, String> changed = new LinkedHashMap<>();
        for (UnifiedDiffFile change : diff.getFiles()) {
            String path = change.getFromFile().replaceFirst("^a/", "");
            Path reference = module.resolve(path).normalize();
            if (!path.startsWith("src/main/java/") || !path.endsWith(".java") || !reference.startsWith(module.normalize())
                    || !Files.isRegularFile(reference)) {
                throw new AssertionError(file + " changes " + path + ", which is not a reference file under"
                        + " src/main/java of the exercises module");
            }
            List<String> patched;
            try {
                // fuzz 0: every context line must match, though the hunk may sit a few lines off
                patched = change.getPatch().applyFuzzy(new ArrayList<>(Files.readAllLines(reference)), 0);
            } catch (PatchFailedException | RuntimeException e) {
                throw new AssertionError(file + " no longer applies to " + path + " (" + e.getMessage() + "): the"
                        + " reference changed where the mistake is planted. Plant it again by hand in the new"
                        + " reference and write the patch anew (git diff -U1 without its diff --git and index lines, with this header)", e);
            }
            changed.put(path, String.join("\n", patched) + "\n");
        }
        return changed;
    }
}
