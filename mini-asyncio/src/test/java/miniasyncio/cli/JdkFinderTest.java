package miniasyncio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where the launcher looks for a JDK 21+, on a made-up home folder and machine-wide folder (no
 * real JDK needed; the machine's own /usr/lib/jvm is not looked in).
 */
class JdkFinderTest {

    @TempDir
    Path home;

    /** A fake Java home: bin/java (and bin/javac for a JDK) and a release file. */
    static Path fakeJava(Path dir, String version, boolean jdk) throws IOException {
        Files.createDirectories(dir.resolve("bin"));
        Files.writeString(dir.resolve("bin/java"), "");
        if (jdk) {
            Files.writeString(dir.resolve("bin/javac"), "");
        }
        Files.writeString(dir.resolve("release"), "IMPLEMENTOR=\"x\"\nJAVA_VERSION=\"" + version + "\"\n");
        return dir;
    }

    JdkFinder finder(Map<String, String> env) {
        return new JdkFinder(env, home.toString(), home.resolve("usr/lib/jvm").toString());
    }

    @Test
    void looksInTheMachineWideFoldersAsTheToolchainPluginDoes() throws IOException {
        Path jvm = home.resolve("usr/lib/jvm");
        fakeJava(jvm.resolve("java-17-openjdk-amd64"), "17.0.15", true);
        Path temurin = fakeJava(jvm.resolve("temurin-25-jdk-amd64"), "25.0.3", true);

        JdkFinder.Jdk jdk = finder(Map.of()).find(21);

        assertThat(jdk.home).isEqualTo(temurin.toFile());
        assertThat(jdk.foundIn).isEqualTo(jvm.toString());
        assertThat(JdkFinder.SYSTEM_FOLDERS).contains("/usr/lib/jvm", "/usr/java", "/opt/java",
                "/Library/Java/JavaVirtualMachines");
    }

    @Test
    void findsTheNewestJdkOfSdkmanWhenJavaHomeIsUnset() throws IOException {
        Path java = home.resolve(".sdkman/candidates/java");
        fakeJava(java.resolve("17.0.9-tem"), "17.0.9", true);
        fakeJava(java.resolve("21.0.5-tem"), "21.0.5", true);
        fakeJava(java.resolve("25.0.1-tem"), "25.0.1", true);

        JdkFinder.Jdk jdk = finder(Map.of()).find(21);

        assertThat(jdk.home).isEqualTo(java.resolve("25.0.1-tem").toFile());
        assertThat(jdk.feature).isEqualTo(25);
        assertThat(jdk.foundIn).isEqualTo(java.toString());
    }

    @Test
    void javaHomeComesFirstWhenItIsNewEnough() throws IOException {
        fakeJava(home.resolve(".sdkman/candidates/java/25"), "25", true);
        Path chosen = fakeJava(home.resolve("my-jdk-21"), "21.0.2", true);

        JdkFinder.Jdk jdk = finder(Map.of("JAVA_HOME", chosen.toString())).find(21);

        assertThat(jdk.home).isEqualTo(chosen.toFile());
        assertThat(jdk.foundIn).isEqualTo("JAVA_HOME");
    }

    @Test
    void anOldJavaHomeIsPassedOverForOneThatIsFound() throws IOException {
        Path old = fakeJava(home.resolve("jdk-17"), "17", true);
        Path bundle = fakeJava(home.resolve("Library/Java/JavaVirtualMachines/temurin-25.jdk/Contents/Home"), "25", true);

        JdkFinder.Jdk jdk = finder(Map.of("JAVA_HOME", old.toString())).find(21);

        assertThat(jdk.home).isEqualTo(bundle.toFile()); // a macOS bundle's Contents/Home
    }

    @Test
    void javaXxHomeAndToolchainsXmlAreLooked() throws IOException {
        Path viaEnv = fakeJava(home.resolve("somewhere/jdk22"), "22", true);
        assertThat(finder(Map.of("JAVA22_HOME", viaEnv.toString())).find(21).foundIn).isEqualTo("JAVA22_HOME");

        fakeJava(home.resolve(".jdks/jdk-25"), "25", true); // newer, but toolchains.xml is the user's choice
        Path listed = fakeJava(home.resolve("elsewhere/jdk23"), "23", true);
        Files.createDirectories(home.resolve(".m2"));
        Files.writeString(home.resolve(".m2/toolchains.xml"), "<toolchains><toolchain><type>jdk</type>"
                + "<configuration><jdkHome>${user.home}/elsewhere/jdk23</jdkHome></configuration></toolchain></toolchains>");
        JdkFinder.Jdk jdk = finder(Map.of()).find(21);
        assertThat(jdk.home).isEqualTo(listed.toFile());
        assertThat(jdk.foundIn).isEqualTo("~/.m2/toolchains.xml");
    }

    @Test
    void aJdkComesBeforeANewerBareRuntime() throws IOException {
        Path jdk = fakeJava(home.resolve(".jdks/jdk-21"), "21", true);
        fakeJava(home.resolve(".jdks/jre-25"), "25", false);

        assertThat(finder(Map.of()).find(21).home).isEqualTo(jdk.toFile());
    }

    @Test
    void nothingNewEnoughIsNull() throws IOException {
        fakeJava(home.resolve(".sdkman/candidates/java/17"), "17.0.9", true);
        fakeJava(home.resolve(".jdks/8"), "1.8.0_392", true);
        Files.createDirectories(home.resolve(".jdks/not-a-jdk"));
        Map<String, String> env = new HashMap<>();
        env.put("JAVA_HOME", home.resolve("missing").toString());

        assertThat(finder(env).find(99)).isNull();
        assertThat(finder(env).candidates()).extracting(c -> c.feature).contains(17, 8);
    }

    @Test
    void theRerunLineNamesTheJdkAndWhereItWasFound() {
        JdkFinder.Jdk jdk = new JdkFinder.Jdk(new File("/opt/java/jdk-25"), 25, true, "/opt/java");
        assertThat(Launcher.rerunLine("grader", jdk))
                .startsWith("grader: this is Java " + System.getProperty("java.version"))
                .endsWith("; running again on Java 25 at /opt/java/jdk-25 (from /opt/java).")
                .doesNotContain("\n");
    }

    @Test
    void theLauncherStartsTheMainClassItsJarNamesUnderItsName() throws IOException {
        java.util.jar.Manifest manifest = new java.util.jar.Manifest();
        manifest.getMainAttributes().put(java.util.jar.Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().putValue(Launcher.MAIN_ATTRIBUTE, "example.Tool");
        manifest.getMainAttributes().putValue(Launcher.NAME_ATTRIBUTE, "grader");
        Path jar = home.resolve("grader.jar");
        try (var out = new java.util.jar.JarOutputStream(Files.newOutputStream(jar), manifest)) {
            out.putNextEntry(new java.util.jar.JarEntry("x.txt"));
        }

        var attributes = Launcher.manifestOf(jar.toFile());
        assertThat(Launcher.attribute(attributes, Launcher.MAIN_ATTRIBUTE, "miniasyncio.cli.Cli")).isEqualTo("example.Tool");
        assertThat(Launcher.attribute(attributes, Launcher.NAME_ATTRIBUTE, "mini-asyncio")).isEqualTo("grader");
        // From a classes folder (an IDE, exec:exec): the kit's CLI, under the kit's name.
        var none = Launcher.manifestOf(home.toFile());
        assertThat(none).isNull();
        assertThat(Launcher.attribute(none, Launcher.MAIN_ATTRIBUTE, "miniasyncio.cli.Cli")).isEqualTo("miniasyncio.cli.Cli");
    }
}
