package grading.hidden;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The graded tests, in the order they run and are numbered. The grader reads their
 * {@link Graded} annotations in its own process (which has no homework classes: only the test
 * methods' signatures are read, never their bodies run there) and runs them in the student JVM.
 */
public final class GradedTests {

    /** Add a class of graded tests here. */
    public static final List<Class<?>> CLASSES = List.of(
            AwaitTaskTests.class,
            ErrorTests.class,
            GatherTests.class,
            ScaleTests.class,
            ModelTests.class);

    /** One graded test: {@code id} is "Class#method". */
    public record Spec(String id, String number, String name, double points, Visibility visibility, double seconds) {
    }

    private GradedTests() {
    }

    public static List<Spec> all() {
        List<Spec> specs = new ArrayList<>();
        int classNumber = 0;
        for (Class<?> type : CLASSES) {
            classNumber++;
            List<Method> methods = new ArrayList<>();
            for (Method m : type.getDeclaredMethods()) {
                if (m.isAnnotationPresent(Graded.class)) {
                    if (!Modifier.isPublic(m.getModifiers()) || m.getParameterCount() != 0) {
                        throw new IllegalStateException(type.getName() + "." + m.getName()
                                + ": a @Graded test must be public and take no arguments");
                    }
                    methods.add(m);
                }
            }
            methods.sort(Comparator.comparingInt(m -> order(type, m)));
            int testNumber = 0;
            for (Method m : methods) {
                Graded g = m.getAnnotation(Graded.class);
                specs.add(new Spec(type.getName() + "#" + m.getName(), classNumber + "." + (++testNumber),
                        g.name(), g.points(), g.visibility(), g.seconds()));
            }
        }
        return specs;
    }

    /** Source order is not kept by reflection: the order is a static ORDER list in each class. */
    private static int order(Class<?> type, Method m) {
        try {
            @SuppressWarnings("unchecked")
            List<String> order = (List<String>) type.getField("ORDER").get(null);
            int i = order.indexOf(m.getName());
            if (i < 0) {
                throw new IllegalStateException(type.getName() + "." + m.getName() + " is missing from ORDER");
            }
            return i;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(type.getName() + " needs public static final List<String> ORDER", e);
        }
    }
}
