package grading.release;

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
