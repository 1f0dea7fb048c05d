package grading.child;

import java.util.Map;

/**
 * Defines the graded tests from the bytes the grader sent, in a loader of their own. The
 * submission's classes live in the application class loader, the parent of this one: they
 * cannot see the tests (a parent never asks its children), list them, or read their class
 * files as resources (this loader has none). The tests see the submission through the parent.
 *
 * <p>Test classes are defined here first, before asking the parent, so that a class of the
 * same name elsewhere could never stand in for one (the screen refuses such names anyway).
 *
 * <p>Its name says nothing, like the names of the classes it defines: the JDK puts it in messages
 * a submission can read ("t.C is in unnamed module of loader 't'") and in stack frames
 * ({@code t//t.C.k}).
 */
final class HiddenTestLoader extends ClassLoader {

    static final String NAME = "t";

    private final Map<String, byte[]> classes;

    HiddenTestLoader(Map<String, byte[]> classes, ClassLoader parent) {
        super(NAME, parent);
        this.classes = classes;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        synchronized (getClassLoadingLock(name)) {
            Class<?> type = findLoadedClass(name);
            if (type == null) {
                byte[] bytes = classes.get(name);
                type = bytes != null ? defineClass(name, bytes, 0, bytes.length) : getParent().loadClass(name);
            }
            if (resolve) {
                resolveClass(type);
            }
            return type;
        }
    }
}
