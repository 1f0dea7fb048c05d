package homework;

import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/** hostile: if JUnit loaded this listener, it would report every test as passed. */
public class AllPassListener implements TestExecutionListener {
    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        System.out.println("PASSED " + test.getDisplayName());
    }
}
