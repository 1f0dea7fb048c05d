package miniasyncio.trace;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Headless Chromium for the HTML timeline's test. It is looked up as $CHROMIUM, then chromium,
 * chromium-browser, google-chrome on the PATH. In CI (CI=true) a missing browser fails the test,
 * since the picture must be checked there; on a developer machine the test is skipped and says why.
 */
final class Chromium {

    private final String executable;

    private Chromium(String executable) {
        this.executable = executable;
    }

    static Chromium findOrSkip() {
        String found = find();
        if (found == null) {
            String why = "no Chromium found (set CHROMIUM, or install it: apt-get install chromium)";
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail(why + ". CI must render the HTML timeline: .ci/run installs chromium from Debian's packages.");
            }
            Assumptions.abort(why + "; the HTML timeline's browser test is skipped on this machine.");
        }
        return new Chromium(found);
    }

    private static String find() {
        String configured = System.getenv("CHROMIUM");
        if (configured != null && new File(configured).canExecute()) {
            return configured;
        }
        String path = System.getenv().getOrDefault("PATH", "");
        for (String name : List.of("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")) {
            for (String dir : path.split(File.pathSeparator)) {
                File candidate = new File(dir, name);
                if (candidate.canExecute()) {
                    return candidate.getPath();
                }
            }
        }
        return null;
    }

    /** The DOM after the page's scripts ran. */
    String dumpDom(Path html, Path profile) throws IOException, InterruptedException {
        return run(profile, "--dump-dom", html.toUri().toString());
    }

    void screenshot(Path html, Path png, Path profile) throws IOException, InterruptedException {
        run(profile, "--screenshot=" + png, "--window-size=1200,500", html.toUri().toString());
    }

    /** The DOM after the page's scripts ran, opened at {@code fragment} ("step=7"): a teacher's link. */
    String dumpDom(Path html, String fragment, Path profile) throws IOException, InterruptedException {
        return run(profile, "--dump-dom", html.toUri() + "#" + fragment);
    }

    /** The DOM of {@code html}, which may script pages beside it in frames (file access between files allowed). */
    String dumpDomWithFileAccess(Path html, Path profile) throws IOException, InterruptedException {
        return run(profile, "--allow-file-access-from-files", "--dump-dom", html.toUri().toString());
    }

    void screenshot(Path html, String fragment, Path png, int width, int height, Path profile)
            throws IOException, InterruptedException {
        run(profile, "--screenshot=" + png, "--window-size=" + width + "," + height, "--hide-scrollbars",
                html.toUri() + "#" + fragment);
    }

    private String run(Path profile, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(executable, "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--no-first-run", "--user-data-dir=" + profile));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        byte[] out = process.getInputStream().readAllBytes();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            fail("chromium did not finish within 120 s: " + command);
        }
        return new String(out, StandardCharsets.UTF_8);
    }
}
