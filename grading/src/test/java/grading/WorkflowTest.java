package grading;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The plain GitHub Actions workflow: it parses, uses only maintained actions, and reports even
 * when grading failed. Python's yaml module checks the parse where it is installed; the
 * structure is checked here in any case.
 */
class WorkflowTest {

    static final Path WORKFLOW = Repo.root().resolve("grading/integrations/github-actions/grade.yml");
    static final List<String> MAINTAINED = List.of("actions/checkout@v4", "actions/setup-java@v4",
            "actions/upload-artifact@v4");

    @Test
    void theWorkflowIsWellFormedYaml() throws Exception {
        List<String> lines = Files.readAllLines(WORKFLOW);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            assertThat(line).as("line %d", i + 1).doesNotContain("\t");
            int indent = line.length() - line.stripLeading().length();
            assertThat(indent % 2).as("line %d: indentation in steps of two", i + 1).isZero();
        }
        String text = String.join("\n", lines);
        assertThat(text).containsPattern("(?m)^name: ").containsPattern("(?m)^on:\\n  push:")
                .containsPattern("(?m)^jobs:\\n  grade:\\n");
        if (pythonYaml()) {
            Process p = new ProcessBuilder("python3", "-c",
                    "import sys, yaml; w = yaml.safe_load(open(sys.argv[1])); "
                            + "steps = w['jobs']['grade']['steps']; "
                            + "print(sum(1 for s in steps if s.get('if') == 'always()'))", WORKFLOW.toString())
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes()).strip();
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).as(out).isZero();
            assertThat(out).isEqualTo("2");
        }
    }

    @Test
    void itUsesOnlyMaintainedActionsAndReportsWhateverHappened() throws IOException {
        String text = Files.readString(WORKFLOW);
        Matcher uses = Pattern.compile("uses: (\\S+)").matcher(text);
        List<String> used = new ArrayList<>();
        while (uses.find()) {
            used.add(uses.group(1));
        }
        assertThat(used).isNotEmpty().allMatch(MAINTAINED::contains);
        assertThat(used).contains("actions/upload-artifact@v4");
        // The summary and the artifact steps run even when grading failed.
        for (String step : List.of("Write the feedback to the job summary", "Upload results.json")) {
            assertThat(text).containsPattern("- name: " + Pattern.quote(step) + "\\n\\s+if: always\\(\\)");
        }
        assertThat(text).contains("$GITHUB_STEP_SUMMARY", "--require-sandbox", "path: results.json",
                "distribution: temurin", "java-version: '21'").doesNotContain("classroom-resources/");
    }

    private static boolean pythonYaml() {
        try {
            Process p = new ProcessBuilder("python3", "-c", "import yaml").redirectErrorStream(true).start();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }
}
