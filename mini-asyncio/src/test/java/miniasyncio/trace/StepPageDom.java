package miniasyncio.trace;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the step-through page back: the entries its {@code data-state} elements list (from the
 * DOM Chromium dumps after the page's script ran), and the recorder's JSON embedded in the file.
 */
final class StepPageDom {

    private final String dom;

    StepPageDom(String dom) {
        this.dom = dom;
    }

    /** The step the page shows ({@code <body data-step="N">}). */
    String step() {
        Matcher m = Pattern.compile("<body data-step=\"(\\w*)\"").matcher(dom);
        return m.find() ? m.group(1) : null;
    }

    /** The text of each entry of the element with {@code data-state="state"}, in order. */
    List<String> entries(String state) {
        Matcher block = Pattern.compile("data-state=\"" + state + "\">(.*?)</(ol|table)>", Pattern.DOTALL).matcher(dom);
        if (!block.find()) {
            throw new AssertionError("no element with data-state=\"" + state + "\" in the page");
        }
        List<String> entries = new ArrayList<>();
        Matcher entry = Pattern.compile("<(li|tr) class=\"(?:[^\"]* )?entry(?: [^\"]*)?\" data-tid=\"\\d+\">(.*?)</\\1>",
                        Pattern.DOTALL)
                .matcher(block.group(1));
        while (entry.find()) {
            entries.add(plain(entry.group(2)));
        }
        return entries;
    }

    /** The tids of the entries of {@code data-state="state"} outlined as new or moved since the step before. */
    List<Integer> moved(String state) {
        return marked(state, "moved");
    }

    /** The tids of the entries of {@code data-state="state"} that carry the class {@code mark} ("incycle"). */
    List<Integer> marked(String state, String mark) {
        Matcher block = Pattern.compile("data-state=\"" + state + "\">(.*?)</(ol|table)>", Pattern.DOTALL).matcher(dom);
        if (!block.find()) {
            throw new AssertionError("no element with data-state=\"" + state + "\" in the page");
        }
        List<Integer> tids = new ArrayList<>();
        Matcher entry = Pattern.compile("<(?:li|tr) class=\"([^\"]*)\" data-tid=\"(\\d+)\">").matcher(block.group(1));
        while (entry.find()) {
            if (List.of(entry.group(1).split(" ")).contains(mark)) {
                tids.add(Integer.parseInt(entry.group(2)));
            }
        }
        return tids;
    }

    /** The count in the header of a structure ("(3)"), by the id of its counter ({@code n-ready}). */
    String count(String state) {
        Matcher m = Pattern.compile("id=\"n-" + state + "\">([^<]*)</span>").matcher(dom);
        return m.find() ? m.group(1) : null;
    }

    /** The text of the {@code <nav>} with {@code id}. */
    String nav(String id) {
        Matcher m = Pattern.compile("<nav id=\"" + id + "\"[^>]*>(.*?)</nav>", Pattern.DOTALL).matcher(dom);
        return m.find() ? plain(m.group(1)) : null;
    }

    /** The targets of the links in the {@code <nav>} with {@code id}. */
    List<String> links(String id) {
        Matcher m = Pattern.compile("<nav id=\"" + id + "\"[^>]*>(.*?)</nav>", Pattern.DOTALL).matcher(dom);
        List<String> links = new ArrayList<>();
        if (m.find()) {
            Matcher a = Pattern.compile("<a href=\"([^\"]*)\"").matcher(m.group(1));
            while (a.find()) {
                links.add(a.group(1));
            }
        }
        return links;
    }

    /** The text of the element with {@code id}. */
    String text(String id) {
        Matcher m = Pattern.compile("id=\"" + id + "\"[^>]*>(.*?)</div>", Pattern.DOTALL).matcher(dom);
        return m.find() ? plain(m.group(1)) : null;
    }

    /** "tid/step" of the timeline's running bar marked as this step's, or null. */
    String currentBar() {
        Matcher m = Pattern.compile("<rect class=\"bar running current\"[^>]* data-tid=\"(\\d+)\" data-step=\"(\\d+)\"")
                .matcher(dom);
        return m.find() ? m.group(1) + "/" + m.group(2) : null;
    }

    /** The text of the paragraph with {@code id}. */
    String paragraph(String id) {
        Matcher m = Pattern.compile("<p id=\"" + id + "\"[^>]*>(.*?)</p>", Pattern.DOTALL).matcher(dom);
        return m.find() ? plain(m.group(1)) : null;
    }

    /** Lines of the output panel marked as printed by the step shown. */
    List<String> outputNow() {
        List<String> lines = new ArrayList<>();
        Matcher m = Pattern.compile("<li class=\"now\"><span class=\"at\">[^<]*</span><span class=\"text\">(.*?)</span>")
                .matcher(dom);
        while (m.find()) {
            lines.add(plain(m.group(1)));
        }
        return lines;
    }

    /**
     * The innermost line each entry of {@code data-state="state"} waits at, as the page writes it
     * ("waits in Example.worker at Example.java:37 sleep(delay); // ..."), "" for an entry with none.
     */
    List<String> waits(String state) {
        Matcher block = Pattern.compile("data-state=\"" + state + "\">(.*?)</(ol|table)>", Pattern.DOTALL).matcher(dom);
        if (!block.find()) {
            throw new AssertionError("no element with data-state=\"" + state + "\" in the page");
        }
        List<String> lines = new ArrayList<>();
        Matcher entry = Pattern.compile("<(li|tr) class=\"(?:[^\"]* )?entry(?: [^\"]*)?\" data-tid=\"\\d+\">(.*?)</\\1>",
                Pattern.DOTALL).matcher(block.group(1));
        while (entry.find()) {
            lines.add(firstFrame(entry.group(2)));
        }
        return lines;
    }

    /**
     * Each entry's whole waiting place in {@code data-state="state"}: its frames as the page writes them
     * ("waits in Lock.acquire at Lock.java:80 ...", "called from ...", "in the kit: ..."), innermost first.
     */
    List<List<String>> places(String state) {
        Matcher block = Pattern.compile("data-state=\"" + state + "\">(.*?)</(ol|table)>", Pattern.DOTALL).matcher(dom);
        if (!block.find()) {
            throw new AssertionError("no element with data-state=\"" + state + "\" in the page");
        }
        List<List<String>> places = new ArrayList<>();
        Matcher entry = Pattern.compile("<(li|tr) class=\"(?:[^\"]* )?entry(?: [^\"]*)?\" data-tid=\"\\d+\">(.*?)</\\1>",
                Pattern.DOTALL).matcher(block.group(1));
        while (entry.find()) {
            List<String> frames = new ArrayList<>();
            String waits = element(entry.group(2), "<span class=\"waits\">");
            for (int at = waits == null ? -1 : waits.indexOf("<span class=\"frame", 1); at >= 0;
                    at = waits.indexOf("<span class=\"frame", at + 1)) {
                String frame = element(waits.substring(at), "<span class=\"frame");
                frames.add(plain(frame));
                at += frame.length() - 1;
            }
            places.add(frames);
        }
        return places;
    }

    /** Where the running task resumed ("resumed in Example.worker at Example.java:37 ..."), or "". */
    String resumedAt() {
        Matcher m = Pattern.compile("id=\"running\"[^>]*>(.*?)</div>", Pattern.DOTALL).matcher(dom);
        if (!m.find()) {
            return null;
        }
        return firstFrame(m.group(1));
    }

    /** The sentence of the cycle banner ("deadlock: task 2 (a) awaits task 3 (b) ..."), without each task's lines. */
    String cycle() {
        Matcher m = Pattern.compile("id=\"cycle\"[^>]*><p class=\"chain\">(.*?)</p>", Pattern.DOTALL).matcher(dom);
        return m.find() ? plain(m.group(1)) : "";
    }

    /** The first frame of the first waiting place in {@code html}, or "". */
    private static String firstFrame(String html) {
        String waits = element(html, "<span class=\"waits\">");
        if (waits == null) {
            return "";
        }
        String frame = element(waits, "<span class=\"frame\">");
        return frame == null ? "" : plain(frame);
    }

    /** The element of {@code html} that opens with {@code open} (a span), whole, its inner spans counted; null for none. */
    private static String element(String html, String open) {
        int from = html.indexOf(open);
        if (from < 0) {
            return null;
        }
        int depth = 0;
        Matcher tag = SPAN.matcher(html);
        tag.region(from, html.length());
        while (tag.find()) {
            depth += tag.group().startsWith("</") ? -1 : 1;
            if (depth == 0) {
                return html.substring(from, tag.end());
            }
        }
        return html.substring(from);
    }

    private static final Pattern SPAN = Pattern.compile("</?span\\b[^>]*>");

    /**
     * Table cells become "1 main returned null"; the lines a task waits at, the fold buttons of long values
     * and other tags vanish; entities are undone.
     */
    private static String plain(String html) {
        for (String waits = element(html, "<span class=\"waits\">"); waits != null;
                waits = element(html, "<span class=\"waits\">")) {
            html = html.replace(waits, "");
        }
        return html.replaceAll("<button[^>]*>.*?</button>", "").replaceAll("</td><td[^>]*>", " ")
                .replaceAll("<[^>]+>", "").replace("&lt;", "<")
                .replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&").trim();
    }

    /** The recording embedded in the page. */
    static JsonObject json(Path html) throws IOException {
        String page = Files.readString(html, StandardCharsets.UTF_8);
        Matcher m = Pattern.compile("<script type=\"application/json\" id=\"steps\">(.*?)</script>", Pattern.DOTALL)
                .matcher(page);
        if (!m.find()) {
            throw new AssertionError("no embedded steps in " + html);
        }
        return JsonParser.parseString(m.group(1)).getAsJsonObject();
    }

    /** The recorded step numbered {@code n}. */
    static JsonObject snap(JsonObject json, long n) {
        for (JsonElement e : json.getAsJsonArray("snaps")) {
            if (e.getAsJsonObject().get("n").getAsLong() == n) {
                return e.getAsJsonObject();
            }
        }
        throw new AssertionError("step " + n + " was not recorded");
    }

    /** The entries of one structure in the JSON, as the page words them (short values: no long texts). */
    static List<String> jsonEntries(JsonObject snap, String state) {
        List<String> out = new ArrayList<>();
        for (JsonElement e : snap.getAsJsonArray(state)) {
            JsonArray a = e.getAsJsonArray();
            String task = StepText.label(a.get(0).getAsInt(), a.get(1).getAsString());
            out.add(switch (state) {
                case "ready" -> task + ": send " + a.get(2).getAsString();
                case "sleeping" -> task + " wakes at " + String.format(java.util.Locale.ROOT, "%.3f s",
                        a.get(3).getAsDouble()) + ": " + a.get(2).getAsString();
                case "results" -> a.get(0).getAsInt() + " " + a.get(1).getAsString() + " " + a.get(2).getAsString();
                default -> task + ": " + a.get(2).getAsString()
                        + (a.get(3).getAsInt() == 0 ? "" : ", awaits task " + a.get(3).getAsInt());
            });
        }
        return out;
    }
}
