package miniasyncio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The shared IDE run configurations carry the JVM option, so that pressing run on a main or a
 * test in IntelliJ IDEA or VS Code works with nothing to add by hand.
 */
class IdeConfigurationTest {

    /** The option, with a space or an '=' after --add-exports (an array element needs the '='). */
    static final Pattern EXPORT = Pattern.compile("--add-exports[ =]java\\.base/jdk\\.internal\\.vm=ALL-UNNAMED");
    /** Surefire runs the tests in the module's folder: the repository is one up. */
    static final Path REPO = Path.of("..").toAbsolutePath().normalize();

    @Test
    void everyIntellijRunConfigurationCarriesTheOption() throws Exception {
        List<Path> configs;
        try (Stream<Path> list = Files.list(REPO.resolve(".run"))) {
            configs = list.filter(p -> p.toString().endsWith(".run.xml")).sorted().toList();
        }
        assertThat(configs).extracting(p -> p.getFileName().toString())
                .contains("Template Application.run.xml", "Template JUnit.run.xml", "Example.run.xml");
        for (Path config : configs) {
            String xml = Files.readString(config, StandardCharsets.UTF_8);
            Matcher vm = Pattern.compile("name=\"VM_PARAMETERS\" value=\"([^\"]*)\"").matcher(xml);
            assertThat(vm.find()).as(config.getFileName() + " has VM options").isTrue();
            assertThat(vm.group(1)).as(config.getFileName() + " VM options").containsPattern(EXPORT);
            Matcher main = Pattern.compile("name=\"MAIN_CLASS_NAME\" value=\"([^\"]+)\"").matcher(xml);
            if (main.find()) {
                assertThat(Class.forName(main.group(1))).as(config.getFileName() + " runs a class that exists").isNotNull();
            }
        }
        assertThat(Files.readString(REPO.resolve(".run/Template JUnit.run.xml"))).contains("default=\"true\" type=\"JUnit\"");
    }

    @Test
    void everyVsCodeLaunchAndTheTestRunnerCarryTheOption() throws Exception {
        JsonObject launch = json(".vscode/launch.json");
        assertThat(launch.getAsJsonArray("configurations")).isNotEmpty();
        for (JsonElement element : launch.getAsJsonArray("configurations")) {
            JsonObject config = element.getAsJsonObject();
            assertThat(config.get("vmArgs").getAsString()).as(config.get("name").getAsString()).containsPattern(EXPORT);
        }
        JsonObject settings = json(".vscode/settings.json");
        JsonElement vmArgs = settings.getAsJsonObject("java.test.config").get("vmArgs");
        assertThat(vmArgs.isJsonArray()).as("java.test.config vmArgs is a list of arguments").isTrue();
        assertThat(vmArgs.getAsJsonArray().asList()).extracting(JsonElement::getAsString)
                .anySatisfy(arg -> assertThat(arg).matches(EXPORT));
    }

    @Test
    void surefirePassesTheOptionToTestsAndIntellijReadsItFromThePom() throws Exception {
        String pom = Files.readString(REPO.resolve("pom.xml"), StandardCharsets.UTF_8);
        assertThat(pom).contains("<argLine>${continuation.exports}</argLine>")
                .containsPattern("<continuation.exports>" + EXPORT.pattern() + "</continuation.exports>");
    }

    private static JsonObject json(String file) throws Exception {
        return JsonParser.parseString(Files.readString(REPO.resolve(file), StandardCharsets.UTF_8)).getAsJsonObject();
    }
}
