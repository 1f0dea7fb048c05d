package miniasyncio.testing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedList;
import java.util.List;
import java.util.Set;
import java.util.Stack;
import java.util.Vector;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The lists the homework's {@code gather} may return, and the only ones the grader reads: a JDK
 * list that holds its elements itself, so that reading it runs no code but the JDK's. A JDK class
 * is not enough: a view ({@code Collections.unmodifiableList}, {@code subList}, {@code reversed()})
 * is the JDK's class but reads through to the list it wraps, which could be a class of the
 * submission's own that lies about its elements. The visible homework tests and the grader ask
 * here, so that both apply the one rule.
 */
public final class JdkLists {

    private JdkLists() {
    }

    /** Is {@code o} a list made by one of the JDK calls below (so its elements sit in an array or nodes of its own)? */
    public static boolean holdsItsElements(Object o) {
        return o != null && SELF_CONTAINED.contains(o.getClass());
    }

    private static final Set<Class<?>> SELF_CONTAINED = Stream.of(ArrayList.class, LinkedList.class, Vector.class,
            Stack.class, CopyOnWriteArrayList.class, Arrays.asList().getClass(), List.of().getClass(),
            List.of(1).getClass(), Stream.of(1).toList().getClass(), Collections.emptyList().getClass(),
            Collections.singletonList(1).getClass(), Collections.nCopies(1, 1).getClass())
            .collect(Collectors.toUnmodifiableSet());
}
