package miniasyncio.cli;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds an installed JDK of a given version or newer, where the build's toolchain plugin
 * (maven-toolchains-plugin's {@code select-jdk-toolchain}) looks for one: {@code JAVA_HOME},
 * {@code JAVAxx_HOME}, the JDKs of {@code ~/.m2/toolchains.xml}, and the usual install folders
 * ({@code /usr/lib/jvm/*}, SDKMAN, {@code /Library/Java/JavaVirtualMachines/*}/Contents/Home ...).
 * Compiled for Java 8 with {@link Launcher}, which uses it when an older java started the jar.
 */
final class JdkFinder {

    /** An installed Java: its home, its feature version, where it was found. */
    static final class Jdk {
        final File home;
        final int feature;
        /** A JDK has javac; the grader compiles submissions, so it wants one. */
        final boolean hasJavac;
        final String foundIn;

        Jdk(File home, int feature, boolean hasJavac, String foundIn) {
            this.home = home;
            this.feature = feature;
            this.hasJavac = hasJavac;
            this.foundIn = foundIn;
        }
    }

    static final String TOOLCHAINS_XML = "~/.m2/toolchains.xml";
    private static final Pattern JAVA_XX_HOME = Pattern.compile("JAVA\\d+_HOME");
    private static final Pattern JDK_HOME_ELEMENT = Pattern.compile("<jdkHome>\\s*([^<]+?)\\s*</jdkHome>");

    /** The machine-wide folders that hold one Java home each (the user's own are under home). */
    static final String[] SYSTEM_FOLDERS = {"/Library/Java/JavaVirtualMachines", "C:\\Program Files\\Java",
        "/usr/jdk", "/usr/java", "/opt/java", "/usr/lib/jvm"};

    private final Map<String, String> env;
    private final String userHome;
    private final String[] systemFolders;

    JdkFinder(Map<String, String> env, String userHome, String... systemFolders) {
        this.env = env;
        this.userHome = userHome;
        this.systemFolders = systemFolders;
    }

    /** The finder for this machine. */
    static JdkFinder here() {
        return new JdkFinder(System.getenv(), System.getProperty("user.home", ""), SYSTEM_FOLDERS);
    }

    /**
     * The Java to run on, as the build picks its toolchain: JAVA_HOME's when it is {@code required}
     * or newer (the user chose it), else the first such of ~/.m2/toolchains.xml (chosen too), else
     * of the others found a JDK before a bare runtime, then the newest; null if there is none.
     */
    Jdk find(int required) {
        Jdk best = null;
        for (Jdk jdk : candidates()) {
            if (jdk.feature < required) {
                continue;
            }
            if (chosen(jdk)) {
                return jdk; // candidates() lists JAVA_HOME first, then toolchains.xml
            }
            if (best == null || better(jdk, best)) {
                best = jdk;
            }
        }
        return best;
    }

    private static boolean chosen(Jdk jdk) {
        return "JAVA_HOME".equals(jdk.foundIn) || TOOLCHAINS_XML.equals(jdk.foundIn);
    }

    private static boolean better(Jdk a, Jdk b) {
        if (a.hasJavac != b.hasJavac) {
            return a.hasJavac;
        }
        return a.feature > b.feature;
    }

    /** Every Java home found, each once (by its real path), in the order they were found. */
    List<Jdk> candidates() {
        Map<String, Jdk> found = new LinkedHashMap<String, Jdk>();
        String javaHome = env.get("JAVA_HOME");
        if (javaHome != null && !javaHome.isEmpty()) {
            add(found, new File(javaHome), "JAVA_HOME");
        }
        for (File home : toolchainsXmlHomes()) {
            add(found, home, TOOLCHAINS_XML);
        }
        for (Map.Entry<String, String> variable : new TreeMap<String, String>(env).entrySet()) {
            if (JAVA_XX_HOME.matcher(variable.getKey()).matches()) {
                add(found, new File(variable.getValue()), variable.getKey());
            }
        }
        for (File root : installFolders()) {
            File[] homes = root.listFiles();
            if (homes == null) {
                continue;
            }
            java.util.Arrays.sort(homes);
            for (File home : homes) {
                add(found, home, root.getPath());
                add(found, new File(new File(home, "Contents"), "Home"), root.getPath()); // macOS bundles
            }
        }
        return new ArrayList<Jdk>(found.values());
    }

    private static void add(Map<String, Jdk> found, File home, String foundIn) {
        File bin = new File(home, "bin");
        if (!new File(bin, "java").isFile() && !new File(bin, "java.exe").isFile()) {
            return;
        }
        int feature = releaseVersion(home);
        if (feature == 0) {
            return;
        }
        String key;
        try {
            key = home.getCanonicalPath();
        } catch (IOException e) {
            key = home.getAbsolutePath();
        }
        if (!found.containsKey(key)) {
            boolean javac = new File(bin, "javac").isFile() || new File(bin, "javac.exe").isFile();
            found.put(key, new Jdk(home, feature, javac, foundIn));
        }
    }

    /** The folders that hold one Java home each, as the toolchain plugin's discovery lists them. */
    List<File> installFolders() {
        List<File> roots = new ArrayList<File>();
        for (String inHome : new String[] {".jdks", ".m2/jdks", ".sdkman/candidates/java", ".gradle/jdks",
                ".jenv/versions", ".jbang/cache/jdks", ".asdf/installs/java", ".jabba/jdk",
                "Library/Java/JavaVirtualMachines", "scoop/apps"}) {
            roots.add(new File(userHome, inHome));
        }
        for (String system : systemFolders) {
            roots.add(new File(system));
        }
        return roots;
    }

    /** The jdkHome entries of ~/.m2/toolchains.xml, where a user lists the JDKs Maven may use. */
    private List<File> toolchainsXmlHomes() {
        List<File> homes = new ArrayList<File>();
        File xml = new File(new File(userHome, ".m2"), "toolchains.xml");
        if (!xml.isFile()) {
            return homes;
        }
        try {
            Matcher m = JDK_HOME_ELEMENT.matcher(new String(Files.readAllBytes(xml.toPath()), StandardCharsets.UTF_8));
            while (m.find()) {
                homes.add(new File(m.group(1).replace("${user.home}", userHome)));
            }
        } catch (IOException e) {
            // unreadable: as if absent
        }
        return homes;
    }

    /** The feature version of the Java in {@code home} from its {@code release} file, or 0. */
    static int releaseVersion(File home) {
        File release = new File(home, "release");
        if (!release.isFile()) {
            return 0;
        }
        try {
            for (String line : Files.readAllLines(release.toPath(), StandardCharsets.UTF_8)) {
                if (line.startsWith("JAVA_VERSION=")) {
                    return featureVersion(line.substring("JAVA_VERSION=".length()).replace("\"", "").trim());
                }
            }
        } catch (IOException e) {
            return 0;
        }
        return 0;
    }

    /** "1.8" is 8, "17" is 17, "21-ea" is 21. */
    static int featureVersion(String spec) {
        String s = spec.startsWith("1.") ? spec.substring(2) : spec;
        int end = 0;
        while (end < s.length() && Character.isDigit(s.charAt(end))) {
            end++;
        }
        try {
            return Integer.parseInt(s.substring(0, end));
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
