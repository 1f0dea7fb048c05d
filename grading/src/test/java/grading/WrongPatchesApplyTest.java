package grading;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every planted wrong solution still applies to the reference, in the quick run too: the class
 * of 30 that proves each one caught runs only in the full run, and a patch the reference outgrew
 * should say so at once, with its name.
 */
class WrongPatchesApplyTest {

    @Test
    void everyWrongSolutionAppliesToTheReference(@TempDir Path work) throws Exception {
        assertThat(WrongPatch.all()).isNotEmpty().allSatisfy(patch -> assertThat(patch.applyTo(work)).isDirectory());
    }
}
