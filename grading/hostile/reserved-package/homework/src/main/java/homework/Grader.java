package grading;

/** hostile: a class in the grader's own package, hoping to shadow it on the class path. */
public final class Grader {
    public static void main(String[] args) {
        System.out.println("{\"score\": 100}");
    }
}
