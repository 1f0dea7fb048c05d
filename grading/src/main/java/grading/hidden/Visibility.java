package grading.hidden;

import java.util.Locale;

/** Gradescope's test visibility: when the student sees the test's result. */
public enum Visibility {
    VISIBLE, HIDDEN, AFTER_DUE_DATE, AFTER_PUBLISHED;

    /** The name results.json uses: "after_due_date". */
    public String json() {
        return name().toLowerCase(Locale.ROOT);
    }
}
