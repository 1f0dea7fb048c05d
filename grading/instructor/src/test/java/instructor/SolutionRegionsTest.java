package instructor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SolutionRegionsTest {

    private static final String FILE = "homework/src/main/java/homework/Demo.java";

    @Test
    void aMethodRegionBecomesAThrowThatNamesTheMethodAndTheFile() {
        String source = """
                package homework;

                import miniasyncio.NotImplementedYet;

                public class Demo {
                    @Override
                    public static int answer(int x) {
                        // BEGIN SOLUTION
                        return 42 + x;
                        // END SOLUTION
                    }
                }
                """;
        String stripped = SolutionRegions.strip(FILE, source);
        assertThat(stripped)
                .contains("        throw new NotImplementedYet(\"Demo.answer\", \"" + FILE + "\");")
                .doesNotContain("42", "SOLUTION");
    }

    @Test
    void aJdkImportOnlyTheSolutionUsedGoesWithItAndTheKitsStay() {
        String source = """
                package homework;

                import java.util.ArrayDeque;
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;
                import java.util.concurrent.*;
                import static java.lang.Math.max;
                import static java.lang.Math.min;
                import miniasyncio.NotImplementedYet;
                import miniasyncio.Scheduler;

                /** Keeps a {@link Map} of waiters. */
                public class Demo {
                    public static List<Integer> answer(int x) {
                        // BEGIN SOLUTION
                        Map<Integer, Integer> m = new HashMap<>();
                        new ArrayDeque<Integer>().add(max(x, 1));
                        return List.of(min(x, 2));
                        // END SOLUTION
                    }
                }
                """;
        String stripped = SolutionRegions.strip(FILE, source);
        assertThat(stripped).doesNotContain("import java.util.ArrayDeque;", "import java.util.HashMap;",
                        "import static java.lang.Math.max;", "import static java.lang.Math.min;")
                .contains("import java.util.List;", "import java.util.Map;", "import java.util.concurrent.*;",
                        "import miniasyncio.NotImplementedYet;", "import miniasyncio.Scheduler;");
        String noRegions = source.replace("// BEGIN SOLUTION\n", "").replace("// END SOLUTION\n", "")
                .replace("import java.util.ArrayDeque;\n", "import java.util.ArrayDeque;\nimport java.util.Set;\n");
        assertThat(SolutionRegions.strip(FILE, noRegions)).as("a file without regions is left as it is")
                .isEqualTo(noRegions);
    }

    @Test
    void theStubNamesTheEnclosingTypeNotANestedTypeDeclaredBeforeOrAWordInAComment() {
        String source = """
                package homework;

                /** Say "class Comment" and "{" here. */
                public final class Queue {
                    public static final class Empty extends RuntimeException {
                        Empty() { super("{ empty"); }
                    }

                    // a class Fake { in a comment
                    private final String brace = "}{";
                    private final char open = '{';

                    public Object get(int timeout) throws InterruptedException {
                        Runnable r = () -> { };
                        // BEGIN SOLUTION
                        return null;
                        // END SOLUTION
                    }

                    interface Body {
                        void run() throws Exception;
                    }

                    Queue(int size) {
                        // BEGIN SOLUTION
                        // END SOLUTION
                    }
                }
                """;
        String stripped = SolutionRegions.strip(FILE, source);
        assertThat(stripped)
                .contains("throw new miniasyncio.NotImplementedYet(\"Queue.get\", \"" + FILE + "\");")
                .contains("throw new miniasyncio.NotImplementedYet(\"Queue.Queue\", \"" + FILE + "\");");
    }

    @Test
    void aRegionInANestedTypeNamesTheNestedType() {
        String source = "class Outer {\n  static class Inner {\n    @SuppressWarnings(\"x\")\n    int size() {\n"
                + "      // BEGIN SOLUTION\n      return 0;\n      // END SOLUTION\n    }\n  }\n}\n";
        assertThat(SolutionRegions.strip(FILE, source)).contains("NotImplementedYet(\"Inner.size\"");
    }

    @Test
    void withoutTheImportTheStubIsFullyQualified() {
        String source = "class Demo {\n  void run() {\n    // BEGIN SOLUTION\n    go();\n    // END SOLUTION\n  }\n}\n";
        assertThat(SolutionRegions.strip(FILE, source))
                .contains("throw new miniasyncio.NotImplementedYet(\"Demo.run\", \"" + FILE + "\");");
    }

    @Test
    void aMembersRegionBecomesAComment() {
        String source = "class Demo {\n    // BEGIN SOLUTION MEMBERS\n    private int secret;\n    // END SOLUTION\n}\n";
        assertThat(SolutionRegions.strip(FILE, source))
                .isEqualTo("class Demo {\n    // your fields and helper methods here\n}\n");
    }

    @Test
    void codeOutsideRegionsIsKeptAsItIs() {
        String source = "class Demo {\n  int given() { return 1; }\n}\n";
        assertThat(SolutionRegions.strip(FILE, source)).isEqualTo(source);
    }

    @Test
    void aNestedRegionIsAnErrorWithFileAndLine() {
        String source = "class Demo {\n void a() {\n // BEGIN SOLUTION\n // BEGIN SOLUTION\n // END SOLUTION\n }\n}\n";
        assertThatThrownBy(() -> SolutionRegions.check(FILE, source))
                .isInstanceOf(SolutionRegions.MarkerException.class)
                .hasMessageStartingWith(FILE + ":4: nested solution region")
                .hasMessageContaining("line 3");
    }

    @Test
    void anUnclosedRegionIsAnErrorWithFileAndLine() {
        String source = "class Demo {\n void a() {\n // BEGIN SOLUTION\n }\n}\n";
        assertThatThrownBy(() -> SolutionRegions.check(FILE, source))
                .hasMessageStartingWith(FILE + ":3: solution region is never closed");
    }

    @Test
    void anEndWithoutABeginIsAnError() {
        String source = "class Demo {\n // END SOLUTION\n}\n";
        assertThatThrownBy(() -> SolutionRegions.check(FILE, source))
                .hasMessageStartingWith(FILE + ":2: // END SOLUTION without a // BEGIN SOLUTION");
    }

    @Test
    void aMethodRegionOutsideAMethodIsAnError() {
        String source = "class Demo {\n // BEGIN SOLUTION\n int x;\n // END SOLUTION\n}\n";
        assertThatThrownBy(() -> SolutionRegions.check(FILE, source))
                .hasMessageStartingWith(FILE + ":2: // BEGIN SOLUTION outside a method");
    }

    @Test
    void anUnknownMarkerIsAnError() {
        String source = "class Demo {\n void a() {\n // BEGIN SOLUTION PLEASE\n // END SOLUTION\n }\n}\n";
        assertThatThrownBy(() -> SolutionRegions.check(FILE, source))
                .hasMessageStartingWith(FILE + ":3: unknown marker");
    }
}
