package miniasyncio.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Test results as Surefire's XML reports ({@code TEST-<class>.xml}), which
 * {@code exercises/check/StepReport.java} reads: a {@code testcase} per test, with a
 * {@code failure} (its message, its type and the stack trace) when it failed, and, when its run
 * was written as a step-through page, a {@code system-out} line "step-through: PAGE" (where
 * Surefire puts what a test printed).
 */
final class JUnitXml {

    /** One test: {@code message} null when it passed; {@code page} its step-through page's path, or null. */
    record Case(String className, String name, String message, String type, String trace, String page) {
    }

    /** What the {@code system-out} line of a test with a page starts with. */
    static final String PAGE = "step-through: ";

    private JUnitXml() {
    }

    static void write(Path reports, List<Case> cases) throws IOException {
        Files.createDirectories(reports);
        Map<String, List<Case>> byClass = new LinkedHashMap<>();
        cases.forEach(c -> byClass.computeIfAbsent(c.className(), k -> new ArrayList<>()).add(c));
        for (Map.Entry<String, List<Case>> e : byClass.entrySet()) {
            StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
            long failures = e.getValue().stream().filter(c -> c.message() != null).count();
            xml.append("<testsuite name=\"").append(escape(e.getKey())).append("\" tests=\"").append(e.getValue().size())
                    .append("\" failures=\"").append(failures).append("\">\n");
            for (Case c : e.getValue()) {
                xml.append("  <testcase classname=\"").append(escape(c.className())).append("\" name=\"")
                        .append(escape(c.name())).append('"');
                if (c.message() == null) {
                    xml.append("/>\n");
                } else {
                    xml.append(">\n    <failure message=\"").append(escape(c.message())).append("\" type=\"")
                            .append(escape(c.type())).append("\">").append(escape(c.trace())).append("</failure>\n");
                    if (c.page() != null) {
                        xml.append("    <system-out>").append(escape(PAGE + c.page())).append("</system-out>\n");
                    }
                    xml.append("  </testcase>\n");
                }
            }
            xml.append("</testsuite>\n");
            Files.writeString(reports.resolve("TEST-" + e.getKey() + ".xml"), xml, StandardCharsets.UTF_8);
        }
    }

    /** Text for an XML attribute or element: the five special characters, and no control character. */
    static String escape(String text) {
        StringBuilder s = new StringBuilder(text.length());
        for (char ch : text.toCharArray()) {
            switch (ch) {
                case '&' -> s.append("&amp;");
                case '<' -> s.append("&lt;");
                case '>' -> s.append("&gt;");
                case '"' -> s.append("&quot;");
                case '\'' -> s.append("&apos;");
                case '\n' -> s.append("&#10;");
                case '\t' -> s.append("&#9;");
                default -> s.append(ch < 0x20 ? '?' : ch);
            }
        }
        return s.toString();
    }
}
