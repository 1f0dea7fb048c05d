package miniasyncio.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import miniasyncio.cli.CliRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Renders {@code run Example --trace-html} in headless Chromium and checks the picture. */
class HtmlTimelineBrowserTest {

    @TempDir
    Path dir;

    @Test
    void theBrowserShowsARowPerTaskAndABarPerStep() throws Exception {
        Chromium chromium = Chromium.findOrSkip();
        Path html = dir.resolve("run.html");
        assertThat(CliRun.of("run", "Example", "--virtual-time", "--trace-html", html.toString()).exit()).isZero();

        String dom = chromium.dumpDom(html);

        assertThat(dom).contains("<svg id=\"timeline\"");
        assertThat(count(dom, "<g class=\"row\" data-tid=\"\\d+\"")).isEqualTo(4);
        assertThat(count(dom, "<g class=\"row loop\"")).isEqualTo(1);
        assertThat(count(dom, "<rect class=\"bar running\"")).isEqualTo(2 + 4 + 5 + 3);
        assertThat(count(dom, "<rect class=\"bar sleeping\"")).isEqualTo(1 + 3 + 4 + 2);
        assertThat(count(dom, "<rect class=\"bar idle\"")).isEqualTo(6);
        assertThat(count(dom, "<circle class=\"end finished\"")).isEqualTo(4);
        assertThat(dom).contains(">2 worker A</text>");
        // the hover details: task, step, syscall, times
        assertThat(dom).contains("task 2 (worker A): running a step, step 2, 0.100 s to 0.100 s;"
                + " step 2: yielded Sleep[duration=0.1]");
        // the script ran and found the bars it decorates
        assertThat(dom).contains("<p id=\"details\">");
    }

    @Test
    void theScreenshotShowsColouredBars() throws Exception {
        Chromium chromium = Chromium.findOrSkip();
        Path html = dir.resolve("run.html");
        Path png = dir.resolve("run.png");
        assertThat(CliRun.of("run", "Example", "--virtual-time", "--trace-html", html.toString()).exit()).isZero();

        chromium.screenshot(html, png);

        assertThat(png).exists();
        assertThat(Files.size(png)).isGreaterThan(1000);
        BufferedImage image = ImageIO.read(png.toFile());
        int running = 0;
        int sleeping = 0;
        int nonWhite = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int rgb = image.getRGB(x, y) & 0xffffff;
                if (rgb != 0xffffff) {
                    nonWhite++;
                }
                if (near(rgb, 0xd62728)) {
                    running++;
                }
                if (near(rgb, 0x9ecae1)) {
                    sleeping++;
                }
            }
        }
        assertThat(nonWhite).as("pixels that are not background").isGreaterThan(5000);
        assertThat(running).as("pixels of running bars (red)").isGreaterThan(200);
        assertThat(sleeping).as("pixels of sleeping bars (light blue)").isGreaterThan(5000);
    }

    private static boolean near(int rgb, int colour) {
        for (int shift = 0; shift <= 16; shift += 8) {
            if (Math.abs(((rgb >> shift) & 0xff) - ((colour >> shift) & 0xff)) > 12) {
                return false;
            }
        }
        return true;
    }

    private static int count(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }
}
