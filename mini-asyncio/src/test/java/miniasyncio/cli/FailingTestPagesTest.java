package miniasyncio.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import miniasyncio.cli.fixture.LoopChecks;
import miniasyncio.cli.fixture.SampleChecks;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The student's runner asked for pages ({@code ./test.sh --step-through}): {@link LoopChecks} run
 * once, as {@link QuickTest} runs a module's tests, and what each of its tests left in the
 * folder of pages. The pages are read through the JSON they embed, as the page's own script does.
 */
class FailingTestPagesTest {

    @TempDir
    static Path dir;

    static Path pages;
    static List<TestSummary.Result> results;
    static PrintStream consoleAfter;
    static PrintStream console;

    @BeforeAll
    static void runTheChecksWithPages() throws Exception {
        pages = dir.resolve("homework/" + FailingTestPages.FOLDER);
        Files.createDirectories(pages);
        Files.writeString(pages.resolve("LoopChecks.fromAnEarlierRun.html"), "an earlier run's page");
        Path classes = Path.of(LoopChecks.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        console = System.out;
        System.setProperty(SampleChecks.RUN, "true");
        try {
            results = StudentTests.run(classes, List.of("miniasyncio.cli.fixture"), new String[] {".*\\.LoopChecks"},
                    dir.resolve("homework/" + TestSummary.LOG), null, pages);
        } finally {
            LoopChecks.released = true; // the step stuck past its limit ends
            System.clearProperty(SampleChecks.RUN);
        }
        consoleAfter = System.out;
    }

    @Test
    void aPageForEachFailingTestThatRanALoopNoneForAPassingOneAndNoneLeftFromTheLastRun() throws Exception {
        try (Stream<Path> files = Files.list(pages)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder(
                    "LoopChecks.failsAfterItsLoop.html", "LoopChecks.cutByAStepBudget.html",
                    "LoopChecks.stuckPastItsTimeLimit.html", "LoopChecks.twoLoops.html", "LoopChecks.twoLoops-2.html",
                    "LoopChecks.resetsThePolicyBeforeItsLoop.html");
        }
        assertThat(results).filteredOn(r -> r.name().equals("LoopChecks.failsAfterItsLoop")).singleElement()
                .extracting(TestSummary.Result::page).isEqualTo("LoopChecks.failsAfterItsLoop.html");
        assertThat(results).filteredOn(r -> r.name().equals("LoopChecks.passes") || r.name().equals("LoopChecks.failsWithoutALoop"))
                .hasSize(2).allSatisfy(r -> assertThat(r.page()).isNull());
        assertThat(consoleAfter).as("System.out after the run").isSameAs(console);
    }

    @Test
    void theFailingTestsPageIsItsOwnRunWithWhatItPrintedAndWhyItFailed() throws Exception {
        JsonObject page = data("LoopChecks.failsAfterItsLoop.html");
        assertThat(page.get("title").getAsString()).isEqualTo("mini-asyncio: LoopChecks.failsAfterItsLoop (a failing test)");
        assertThat(page.get("ending").getAsString())
                .isEqualTo("LoopChecks.failsAfterItsLoop failed: [the answer] expected: 42 but was: 41");
        assertThat(page.get("output").toString()).contains("printed in the loop");
        String html = Files.readString(pages.resolve("LoopChecks.failsAfterItsLoop.html"));
        assertThat(html).contains("first").doesNotContain("helper of the passing test", "in the first loop", "after a reset");
    }

    @Test
    void aRunCutByItsStepBudgetListsEveryTaskWhereItWaits() throws Exception {
        JsonObject page = data("LoopChecks.cutByAStepBudget.html");
        assertThat(page.get("steps").getAsLong()).isGreaterThanOrEqualTo(LoopChecks.BUDGET);
        assertThat(page.get("ending").getAsString()).contains("the step budget of 1000 steps ran out");
        JsonObject end = last(page);
        List<String> waiting = new ArrayList<>();
        for (JsonElement e : end.getAsJsonArray("parked")) {
            JsonArray entry = e.getAsJsonArray();
            waiting.add(entry.get(0).getAsInt() + " " + entry.get(1).getAsString() + " at "
                    + firstLine(page, entry.get(4).getAsInt()));
        }
        // main was taken from ready for the step the budget refused: it waits where its last step left it
        assertThat(waiting).containsExactlyInAnyOrder("1 main at LoopChecks.java:" + lineOf("sleep(0); // polls"),
                "2 sleeper at LoopChecks.java:" + lineOf("createTask(\"sleeper\""));
    }

    @Test
    void aRunStuckPastItsTimeLimitIsWrittenAsFarAsItGotAndSaysWhereItRuns() throws Exception {
        JsonObject page = data("LoopChecks.stuckPastItsTimeLimit.html");
        assertThat(page.get("title").getAsString()).isEqualTo(
                "mini-asyncio: LoopChecks.stuckPastItsTimeLimit (a failing test, its loop still running at the limit)");
        assertThat(page.get("ending").getAsString()).startsWith("LoopChecks.stuckPastItsTimeLimit failed: execution timed out")
                .contains("; the loop was still running then, at LoopChecks.java:" + lineOf("{ Thread.onSpinWait(); }")
                        + " (LoopChecks.spin), in a step of task 1 (main) that never yielded");
        assertThat(page.get("steps").getAsLong()).as("main's first step, the waiting task's, main's stuck one").isEqualTo(3);
        assertThat(page.getAsJsonArray("snaps").get(1).getAsJsonObject().get("name").getAsString()).isEqualTo("waiting");
        JsonObject end = last(page);
        assertThat(end.get("end").getAsString()).as("cut while a step ran, not stopped").isEqualTo("cut");
        assertThat(end.get("tid").getAsInt()).as("the task whose step never yielded").isEqualTo(1);
        assertThat(end.getAsJsonArray("parked").toString()).contains("in its step 2, still running: it has not yielded")
                .doesNotContain("created, not started yet");
    }

    @Test
    void twoLoopsGetAPageEachTheFirstLinkingTheSecond() throws Exception {
        assertThat(data("LoopChecks.twoLoops.html").get("title").getAsString())
                .isEqualTo("mini-asyncio: LoopChecks.twoLoops (a failing test, scheduler 1 of 2)");
        assertThat(Files.readString(pages.resolve("LoopChecks.twoLoops.html")))
                .contains("href=\"LoopChecks.twoLoops-2.html\"", "in the first loop").doesNotContain("in the second loop");
        assertThat(data("LoopChecks.twoLoops-2.html").get("ending").getAsString())
                .isEqualTo("LoopChecks.twoLoops failed: failed after two loops");
    }

    @Test
    void aTestThatResetsTheLoopPolicyIsStillRecorded() throws Exception {
        assertThat(Files.readString(pages.resolve("LoopChecks.resetsThePolicyBeforeItsLoop.html"))).contains("after a reset");
    }

    @Test
    void theSummaryNamesEachPageBesideItsFailure() {
        String summary = TestSummary.summary("homework", results, List.of());
        assertThat(summary).contains("""
                   FAIL:             LoopChecks.failsAfterItsLoop: [the answer] expected: 42 but was: 41
                   step-through:     homework/target/step-through/LoopChecks.failsAfterItsLoop.html
                """, """
                   FAIL:             LoopChecks.twoLoops: failed after two loops
                   step-through:     homework/target/step-through/LoopChecks.twoLoops.html
                """, "   FAIL:             LoopChecks.failsWithoutALoop: [no loop ran] expected: 2 but was: 1\n   FAIL:");
    }

    @Test
    void onlyNoValueOrTrueOrFalseIsAValueOfTheProperty() {
        assertThat(FailingTestPages.asked(null)).isFalse();
        assertThat(FailingTestPages.asked("false")).isFalse();
        assertThat(FailingTestPages.asked("")).isTrue();
        assertThat(FailingTestPages.asked("true")).isTrue();
        assertThatThrownBy(() -> FailingTestPages.asked("pages")).hasMessage("-DstepThrough takes no value"
                + " (mvn -q test -Dstudent -DstepThrough): each failing test's page goes to MODULE/target/step-through/;"
                + " got -DstepThrough=pages");
    }

    // ------------------------------------------------------------------ reading a page

    /** The recording a page embeds. */
    static JsonObject data(String file) throws IOException {
        Matcher m = Pattern.compile("<script type=\"application/json\" id=\"steps\">(.*?)</script>", Pattern.DOTALL)
                .matcher(Files.readString(pages.resolve(file), StandardCharsets.UTF_8));
        assertThat(m.find()).as("%s embeds its steps", file).isTrue();
        return JsonParser.parseString(m.group(1)).getAsJsonObject();
    }

    /** The end: the state after the last step. */
    static JsonObject last(JsonObject data) {
        JsonArray snaps = data.getAsJsonArray("snaps");
        return snaps.get(snaps.size() - 1).getAsJsonObject();
    }

    /**
     * "LoopChecks.java:83": the first line of where an entry's task waits, {@code index} the entry's
     * place; the innermost of the program's frames when the page lists a chain of them
     * ({@code data.places}), else the one line it names; null when none.
     */
    static String firstLine(JsonObject data, int index) {
        if (index < 0) {
            return null;
        }
        int line = index;
        if (data.has("places")) {
            JsonArray frames = data.getAsJsonArray("places").get(index).getAsJsonObject().getAsJsonArray("f");
            if (frames.isEmpty()) {
                return null;
            }
            line = frames.get(0).getAsInt();
        }
        return data.getAsJsonArray("lines").get(line).getAsJsonArray().get(0).getAsString();
    }

    /** The number of the one line of the fixture's source that holds {@code text}. */
    static int lineOf(String text) throws IOException {
        List<String> lines = Files.readAllLines(Path.of("src/test/java/miniasyncio/cli/fixture/LoopChecks.java"));
        List<Integer> found = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                found.add(i + 1);
            }
        }
        assertThat(found).as("the lines of LoopChecks.java with %s", text).hasSize(1);
        return found.get(0);
    }
}
