package grading.grade;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a student is shown, before the due date and after it: the one place an instructor chooses
 * it ({@code grade --feedback before=names,after=full}). Every output the grader writes for
 * students (Gradescope's results.json, Classroom 50's result.json, the feedback files) goes
 * through {@link #view}, so they all show the same.
 *
 * <p>A test declared {@code VISIBLE} is one whose code students have (the visible tests and
 * the submission check): its messages are shown from {@link Level#NAMES} on. Every
 * other test is a hidden test: its name and pass/fail from {@code NAMES} on, its messages only
 * at {@link Level#FULL}. Hidden test code is never shown: the grader never prints it, and stack
 * frames of the hidden tests are cut from every message.
 */
public record Feedback(Level before, Level after) {

    /** How much of the results a student sees. */
    public enum Level {
        /** The total score only. */
        SCORE,
        /** The score, each test's name, points and pass/fail; messages of the visible tests only. */
        NAMES,
        /** Everything: the messages and output of every test, hidden ones included. */
        FULL;

        String option() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** Before the due date: the score and which tests pass; after it: everything. */
    public static final Feedback DEFAULT = new Feedback(Level.NAMES, Level.FULL);

    public static final String HIDDEN_DETAILS = "details are shown after the due date";

    /**
     * Parses {@code before=LEVEL,after=LEVEL} (either part may be left out: it keeps the default).
     *
     * @throws IllegalArgumentException with a message for the command line
     */
    public static Feedback parse(String spec) {
        Level before = DEFAULT.before;
        Level after = DEFAULT.after;
        for (String part : spec.split(",")) {
            String[] kv = part.trim().split("=", 2);
            if (kv.length != 2) {
                throw new IllegalArgumentException(usage(spec));
            }
            Level level = level(kv[1].trim(), spec);
            switch (kv[0].trim()) {
                case "before" -> before = level;
                case "after" -> after = level;
                default -> throw new IllegalArgumentException(usage(spec));
            }
        }
        return new Feedback(before, after);
    }

    private static Level level(String name, String spec) {
        for (Level level : Level.values()) {
            if (level.option().equals(name)) {
                return level;
            }
        }
        throw new IllegalArgumentException(usage(spec));
    }

    private static String usage(String spec) {
        return "--feedback '" + spec + "': expected before=LEVEL,after=LEVEL with LEVEL one of score, names, full"
                + " (e.g. before=names,after=full)";
    }

    /**
     * A due date as Gradescope's submission metadata gives it ({@code 2026-12-01T23:59:00.000000-07:00})
     * or any ISO-8601 date-time with an offset.
     *
     * @throws IllegalArgumentException with a message for the command line
     */
    public static Instant dueDate(String text) {
        try {
            return OffsetDateTime.parse(text.trim()).toInstant();
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("--due-date '" + text + "': expected an ISO-8601 date-time with an"
                    + " offset, such as 2026-12-01T23:59:00+01:00");
        }
    }

    /** The level that applies at {@code now}; with no due date, {@code afterWithoutDate} says which. */
    public Level at(Instant due, Instant now, boolean afterWithoutDate) {
        boolean after = due == null ? afterWithoutDate : !now.isBefore(due);
        return after ? this.after : before;
    }

    public String option() {
        return "before=" + before.option() + ",after=" + after.option();
    }

    /** One test as a student sees it at a level: {@code details} is null when they are held back. */
    public record Shown(TestResult test, String details) {
    }

    /** The tests a student sees at {@code level}: none at SCORE; details only where the level allows. */
    public static List<Shown> view(Report report, Level level) {
        List<Shown> shown = new ArrayList<>();
        if (level == Level.SCORE) {
            return shown;
        }
        for (TestResult t : report.tests()) {
            boolean detailed = level == Level.FULL || "visible".equals(t.visibility());
            shown.add(new Shown(t, detailed ? clean(Report.testOutput(t)) : null));
        }
        return shown;
    }

    /** What a student reads of one test at a level: its details, or pass/fail and when details come. */
    public static String text(Shown shown) {
        if (shown.details() != null) {
            return shown.details();
        }
        return shown.test().passed() ? "passed" : "failed (" + HIDDEN_DETAILS + ")";
    }

    /** The first lines of the results' output that a student may read: no hidden test's message in it. */
    public static String summary(Report report, Level level) {
        String total = "score: " + Report.number(report.score()) + "/" + Report.number(report.maxScore());
        return switch (level) {
            case SCORE -> total + "\nWhich tests pass is shown after the due date.";
            case NAMES -> total + "\nThe hidden tests' messages are shown after the due date.";
            case FULL -> total;
        };
    }

    /** Removes the stack frames of the hidden tests and of the harness: they say nothing of the student's code. */
    static String clean(String text) {
        List<String> kept = new ArrayList<>();
        for (String line : text.split("\n", -1)) {
            String trimmed = line.strip();
            if (!trimmed.startsWith("at grading.") && !trimmed.startsWith("at org.junit.")) {
                kept.add(line);
            }
        }
        return String.join("\n", kept);
    }
}
