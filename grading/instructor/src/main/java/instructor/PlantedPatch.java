package instructor;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A planted wrong solution: one mistake that a statement rules out, kept as a {@code NAME.patch}
 * of the reference, in the same format for the exercises ({@code exercises/wrong}) and the
 * homework ({@code grading/wrong}). A few {@code #} header lines, then a unified diff:
 *
 * <pre>
 * # what is wrong (the statement: what it says instead); more # lines go on with it
 * # fails: QueueTest#putWaitsWhileFull, QueueTest#putWakesInOrder
 * # says: a fragment of one of their failure messages                    (optional)
 * --- a/src/main/java/exercises/step8_queue/Queue.java
 * +++ b/src/main/java/exercises/step8_queue/Queue.java
 * &#64;&#64; -119,3 +119,3 &#64;&#64;
 *          // BEGIN SOLUTION
 * -        while (isFull()) {
 * +        if (isFull()) {
 * </pre>
 *
 * {@code # fails:} names the tests that must catch the mistake as {@code TestClass#method}, the
 * simple name of the test class (a fully qualified one is read too); {@code # fails exactly:}
 * says the same and that every other test must pass, so that the mistake costs exactly the points
 * of its rule. The diff is what {@code git diff -U1 --full-index} prints without its
 * {@code diff --git} lines (its {@code index} lines name the reference it was made on: see
 * {@link PatchFile#applyTo(Path, java.util.function.Consumer)} and {@link StampPatches}), with
 * paths relative to the module, so {@code git apply} in the module plants it by hand too.
 *
 * <p>{@link #applyTo} places each hunk by its lines, not by its line numbers (see {@link Hunk}):
 * a change of the reference elsewhere in the file breaks no patch; a change of the lines the
 * mistake is planted in, or a hunk that fits in several places, is refused with the patch's name.
 *
 * @param name the file name without {@code .patch}
 * @param mistake the description: the header's other lines, joined
 * @param fails the tests that must fail, as written ({@code Class#method})
 * @param exact true for {@code # fails exactly:}
 * @param says a fragment one of their failure messages must contain, or null
 * @param diff the patch's diff
 */
public record PlantedPatch(String name, String mistake, List<String> fails, boolean exact, String says,
        PatchFile diff) {

    private static final Pattern TEST = Pattern.compile("[\\w.$]+#\\w+");

    /** Reads a patch file; throws, naming it, when its header or diff is not in the format above. */
    public static PlantedPatch read(Path file) throws IOException {
        return parse(file, Files.readString(file, StandardCharsets.UTF_8));
    }

    /** Parses a patch's text; {@code file} names it (and in errors). */
    public static PlantedPatch parse(Path file, String text) {
        String name = file.getFileName().toString().replaceFirst("\\.patch$", "");
        List<String> lines = PatchFile.lines(text);
        StringBuilder mistake = new StringBuilder();
        List<String> fails = List.of();
        boolean exact = false;
        String says = null;
        int at = 0;
        for (; at < lines.size() && lines.get(at).startsWith("#"); at++) {
            String value = lines.get(at).substring(1).strip();
            if (value.startsWith("fails exactly:") || value.startsWith("fails:")) {
                exact = value.startsWith("fails exactly:");
                fails = Arrays.stream(value.substring(value.indexOf(':') + 1).split(",")).map(String::strip)
                        .filter(s -> !s.isEmpty()).toList();
            } else if (value.startsWith("says:")) {
                says = value.substring("says:".length()).strip();
            } else {
                mistake.append(mistake.isEmpty() ? "" : " ").append(value);
            }
        }
        if (mistake.isEmpty() || fails.isEmpty() || !fails.stream().allMatch(t -> TEST.matcher(t).matches())) {
            throw new IllegalStateException(file + ": the header must say the mistake in its first '#' line and name"
                    + " the tests that must fail in a '# fails: Class#method, ...' line");
        }
        return new PlantedPatch(name, mistake.toString(), fails, exact, says, PatchFile.parse(file, lines.subList(at,
                lines.size()), at));
    }

    /** The patch file. */
    public Path file() {
        return diff.file();
    }

    /** {@link PatchFile#applyTo}: the changed files, patched from the reference under {@code root}. */
    public Map<String, String> applyTo(Path root) throws IOException {
        return diff.applyTo(root);
    }
}
