package miniasyncio.trace;

import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * One headless Chromium for every browser test of the JVM, driven over the DevTools protocol (a
 * WebSocket, with the JDK's own client). The tests used to start a browser per page; the start
 * was most of their time. Each page gets a browser context of its own, as a fresh profile did.
 * The browser ends with the JVM.
 */
final class DevTools {

    /** What any one page may take: as long as a whole browser start-and-render had. */
    private static final long LIMIT_SECONDS = 120;

    private static DevTools shared;

    private final Process browser;
    private final Path profile;
    private final WebSocket socket;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonObject>> replies = new ConcurrentHashMap<>();
    /** Page load events by session id: a navigation waits for its own page's. */
    private final Map<String, CompletableFuture<Void>> loads = new ConcurrentHashMap<>();

    static synchronized DevTools of(String executable) throws IOException, InterruptedException {
        if (shared == null || !shared.browser.isAlive()) {
            shared = new DevTools(executable);
        }
        return shared;
    }

    private DevTools(String executable) throws IOException, InterruptedException {
        profile = Files.createTempDirectory("devtools-profile");
        browser = new ProcessBuilder(executable, "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--no-first-run", "--allow-file-access-from-files", "--remote-debugging-port=0",
                "--user-data-dir=" + profile, "about:blank")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        Runtime.getRuntime().addShutdownHook(new Thread(this::close));
        // The browser writes the port it listens on, and its WebSocket path, into the profile.
        Path port = profile.resolve("DevToolsActivePort");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(LIMIT_SECONDS);
        List<String> lines = List.of();
        while (lines.size() < 2) {
            if (!browser.isAlive() || System.nanoTime() > deadline) {
                close();
                throw new IOException("chromium did not open its DevTools port within " + LIMIT_SECONDS + " s"
                        + (browser.isAlive() ? "" : " (it exited with " + browser.exitValue() + ")"));
            }
            Thread.sleep(20);
            lines = Files.exists(port) ? Files.readAllLines(port) : List.of();
        }
        URI uri = URI.create("ws://127.0.0.1:" + lines.get(0).trim() + lines.get(1).trim());
        try {
            socket = HttpClient.newHttpClient().newWebSocketBuilder().buildAsync(uri, new Listener())
                    .get(LIMIT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            close();
            throw new IOException("could not connect to chromium's DevTools at " + uri, e);
        }
    }

    /**
     * Opens {@code url} in a viewport of {@code width x height}, waits for its load event (every frame
     * loaded, the onload scripts run), then returns its DOM, or writes a screenshot to {@code png}.
     */
    synchronized String open(String url, int width, int height, boolean hideScrollbars, Path png) throws IOException {
        try (Tab tab = tab(url, width, height, hideScrollbars)) {
            // One turn of the page's event loop after onload, as --dump-dom gave: then read it.
            String dom = tab.eval("new Promise(done => setTimeout(() => done(document.documentElement.outerHTML), 0))")
                    .getAsString();
            if (png != null) {
                tab.screenshot(png);
            }
            return dom;
        }
    }

    /**
     * Opens {@code url} in a viewport of {@code width x height} and a browser context of its own, and
     * keeps it open once loaded: for a test that drives the page as a person does (keys, focus).
     */
    synchronized Tab tab(String url, int width, int height, boolean hideScrollbars) throws IOException {
        String context = call(null, "Target.createBrowserContext", new JsonObject()).get("browserContextId").getAsString();
        Tab tab = new Tab(context);
        try {
            JsonObject target = new JsonObject();
            target.addProperty("url", "about:blank");
            target.addProperty("browserContextId", context);
            String targetId = call(null, "Target.createTarget", target).get("targetId").getAsString();
            JsonObject attach = new JsonObject();
            attach.addProperty("targetId", targetId);
            attach.addProperty("flatten", true);
            tab.session = call(null, "Target.attachToTarget", attach).get("sessionId").getAsString();
            call(tab.session, "Page.enable", new JsonObject());
            JsonObject metrics = new JsonObject();
            metrics.addProperty("width", width);
            metrics.addProperty("height", height);
            metrics.addProperty("deviceScaleFactor", 1);
            metrics.addProperty("mobile", false);
            call(tab.session, "Emulation.setDeviceMetricsOverride", metrics);
            // a page in the background has no focus: keys typed into it would reach no element
            JsonObject focus = new JsonObject();
            focus.addProperty("enabled", true);
            call(tab.session, "Emulation.setFocusEmulationEnabled", focus);
            if (hideScrollbars) {
                JsonObject hidden = new JsonObject();
                hidden.addProperty("hidden", true);
                call(tab.session, "Emulation.setScrollbarsHidden", hidden);
            }
            CompletableFuture<Void> loaded = new CompletableFuture<>();
            loads.put(tab.session, loaded);
            JsonObject navigate = new JsonObject();
            navigate.addProperty("url", url);
            JsonObject navigated = call(tab.session, "Page.navigate", navigate);
            if (navigated.has("errorText")) {
                throw new IOException("chromium could not open " + url + ": " + navigated.get("errorText").getAsString());
            }
            await(loaded, "the load event of " + url);
            loads.remove(tab.session);
            return tab;
        } catch (IOException | RuntimeException e) {
            tab.close();
            throw e;
        }
    }

    /**
     * A page kept open: scripts run in it, keys pressed into it through the browser's input (so that
     * the browser does what it does for a real key: a button's click on Space, focus moving on Tab),
     * and the names its accessibility tree gives, as a screen reader gets them.
     */
    final class Tab implements AutoCloseable {
        private final String context;
        private String session;

        private Tab(String context) {
            this.context = context;
        }

        /** The value of {@code expression} in the page (a promise is awaited), as JSON; JSON null for undefined. */
        JsonElement eval(String expression) throws IOException {
            synchronized (DevTools.this) {
                JsonObject evaluate = new JsonObject();
                evaluate.addProperty("expression", expression);
                evaluate.addProperty("awaitPromise", true);
                evaluate.addProperty("returnByValue", true);
                JsonObject answer = call(session, "Runtime.evaluate", evaluate);
                if (answer.has("exceptionDetails")) {
                    throw new IOException("the page threw: " + answer.get("exceptionDetails"));
                }
                JsonObject result = answer.getAsJsonObject("result");
                return result.has("value") ? result.get("value") : JsonNull.INSTANCE;
            }
        }

        /** {@code key} pressed and let go: " ", "Enter", "Tab", "Escape", "ArrowRight", "Home", "End", or a letter. */
        void press(String key) throws IOException {
            press(key, false);
        }

        /** {@code key} pressed and let go, with Shift held if {@code shift} (Shift+Tab goes back). */
        void press(String key, boolean shift) throws IOException {
            synchronized (DevTools.this) {
                Key k = Key.of(key);
                JsonObject down = k.event(k.text == null ? "rawKeyDown" : "keyDown", shift);
                call(session, "Input.dispatchKeyEvent", down);
                call(session, "Input.dispatchKeyEvent", k.event("keyUp", shift));
            }
        }

        /** Every node of the page's accessibility tree that is not ignored: {"role": ..., "name": ...}. */
        List<JsonObject> accessibilityTree() throws IOException {
            synchronized (DevTools.this) {
                call(session, "Accessibility.enable", new JsonObject());
                List<JsonObject> nodes = new ArrayList<>();
                for (var n : call(session, "Accessibility.getFullAXTree", new JsonObject()).getAsJsonArray("nodes")) {
                    JsonObject node = n.getAsJsonObject();
                    if (node.has("ignored") && node.get("ignored").getAsBoolean()) {
                        continue;
                    }
                    JsonObject plain = new JsonObject();
                    plain.addProperty("role", node.has("role") ? node.getAsJsonObject("role").get("value").getAsString() : "");
                    plain.addProperty("name", node.has("name") && node.getAsJsonObject("name").has("value")
                            ? node.getAsJsonObject("name").get("value").getAsString() : "");
                    nodes.add(plain);
                }
                return nodes;
            }
        }

        void screenshot(Path png) throws IOException {
            synchronized (DevTools.this) {
                JsonObject shot = new JsonObject();
                shot.addProperty("format", "png");
                String data = call(session, "Page.captureScreenshot", shot).get("data").getAsString();
                Files.write(png, Base64.getDecoder().decode(data));
            }
        }

        @Override
        public void close() throws IOException {
            synchronized (DevTools.this) {
                JsonObject dispose = new JsonObject();
                dispose.addProperty("browserContextId", context);
                call(null, "Target.disposeBrowserContext", dispose);
            }
        }
    }

    /** A key as the DevTools input takes it: its key and code names, Windows key code, and the text it types. */
    private record Key(String key, String code, int keyCode, String text) {
        static Key of(String key) {
            return switch (key) {
                case " " -> new Key(" ", "Space", 32, " ");
                case "Enter" -> new Key("Enter", "Enter", 13, "\r");
                case "Tab" -> new Key("Tab", "Tab", 9, null);
                case "Escape" -> new Key("Escape", "Escape", 27, null);
                case "ArrowLeft" -> new Key("ArrowLeft", "ArrowLeft", 37, null);
                case "ArrowRight" -> new Key("ArrowRight", "ArrowRight", 39, null);
                case "Home" -> new Key("Home", "Home", 36, null);
                case "End" -> new Key("End", "End", 35, null);
                default -> {
                    if (key.length() != 1 || !Character.isLetter(key.charAt(0))) {
                        throw new IllegalArgumentException("no key " + key);
                    }
                    char c = Character.toUpperCase(key.charAt(0));
                    yield new Key(key, "Key" + c, c, key);
                }
            };
        }

        JsonObject event(String type, boolean shift) {
            JsonObject e = new JsonObject();
            e.addProperty("type", type);
            e.addProperty("key", key);
            e.addProperty("code", code);
            e.addProperty("windowsVirtualKeyCode", keyCode);
            e.addProperty("nativeVirtualKeyCode", keyCode);
            e.addProperty("modifiers", shift ? 8 : 0);
            if (text != null && !type.equals("keyUp")) {
                e.addProperty("text", text);
                e.addProperty("unmodifiedText", text);
            }
            return e;
        }
    }

    private JsonObject call(String session, String method, JsonObject params) throws IOException {
        int id = ids.incrementAndGet();
        JsonObject message = new JsonObject();
        message.addProperty("id", id);
        message.addProperty("method", method);
        message.add("params", params);
        if (session != null) {
            message.addProperty("sessionId", session);
        }
        CompletableFuture<JsonObject> reply = new CompletableFuture<>();
        replies.put(id, reply);
        socket.sendText(message.toString(), true).join();
        JsonObject answer = await(reply, method);
        if (answer.has("error")) {
            throw new IOException("chromium refused " + method + ": " + answer.get("error"));
        }
        return answer.getAsJsonObject("result");
    }

    private <T> T await(CompletableFuture<T> future, String what) throws IOException {
        try {
            return future.get(LIMIT_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new IOException("chromium gave no answer to " + what + " within " + LIMIT_SECONDS + " s");
        } catch (ExecutionException e) {
            throw new IOException("chromium's DevTools connection failed during " + what, e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for " + what, e);
        }
    }

    private void close() {
        browser.destroyForcibly();
        try {
            browser.waitFor(10, TimeUnit.SECONDS);
            try (Stream<Path> walk = Files.walk(profile)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        } catch (IOException | InterruptedException ignored) {
            // a profile left in the temporary folder is all that is lost
        }
    }

    /** Gathers each text message from its frames, then answers the call it replies to or notes a load. */
    private final class Listener implements WebSocket.Listener {
        private final StringBuilder text = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            text.append(data);
            if (last) {
                JsonObject message = JsonParser.parseString(text.toString()).getAsJsonObject();
                text.setLength(0);
                if (message.has("id")) {
                    CompletableFuture<JsonObject> reply = replies.remove(message.get("id").getAsInt());
                    if (reply != null) {
                        reply.complete(message);
                    }
                } else if ("Page.loadEventFired".equals(message.get("method").getAsString()) && message.has("sessionId")) {
                    CompletableFuture<Void> loaded = loads.get(message.get("sessionId").getAsString());
                    if (loaded != null) {
                        loaded.complete(null);
                    }
                }
            }
            webSocket.request(1);
            return null;
        }

        @Override
        public void onError(WebSocket webSocket, Throwable error) {
            List<CompletableFuture<?>> waiting = new ArrayList<>(replies.values());
            waiting.addAll(loads.values());
            waiting.forEach(f -> f.completeExceptionally(error));
        }
    }
}
