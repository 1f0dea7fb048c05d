package grading.hidden;

/**
 * A value a test made and keeps: a task's body returns a fresh token, and the test checks that
 * what came back is that very object ({@code ==}). The class is the tests' own (the submission
 * cannot see it, let alone make one), so no equals, hashCode or toString of the submission's
 * ever decides a result.
 */
final class Token {

    private final String label;

    Token(String label) {
        this.label = label;
    }

    @Override
    public String toString() {
        return "the value returned by " + label;
    }
}
