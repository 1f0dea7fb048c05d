package allowlist;

import allowlist.ClassScanner.Method;
import allowlist.ClassScanner.Scanned;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.objectweb.asm.Opcodes;

/**
 * The override half of the allowlist: a submission class may override only the kit methods that
 * {@code override} lines name. The kit's loop calls its hooks; a class that overrides the rest
 * ({@code createTask}, {@code closeAll}, {@code idleWaitOrDeadlock}...) would steer what the
 * grader counts. Its own new methods and private helpers are always fine.
 *
 * <p>To tell an override from a new method, the kit's supertypes are read from the class path
 * (a few small class files, cached). JDK supertypes are not read: of theirs, only Object's
 * methods are known (by name and parameters), which is what matters there ({@code finalize}
 * would run later, on the finalizer thread). Implementing Callable, Comparable or Iterator is
 * the student's own business.
 */
final class OverrideRule {

    /** Object's methods a subclass can override, by name and parameters. */
    private static final Set<String> OBJECT_OVERRIDABLE = Set.of(
            "toString()", "equals(Ljava/lang/Object;)", "hashCode()", "clone()", "finalize()");

    private final List<AllowlistEntry> overrides;
    private final ClassLoader kit;
    private final Map<String, Optional<Scanned>> kitTypes = new ConcurrentHashMap<>();

    OverrideRule(List<AllowlistEntry> overrides, ClassLoader kit) {
        this.overrides = overrides;
        this.kit = kit;
    }

    List<Violation> check(Scanned type, Map<String, Scanned> submission) {
        Map<String, List<String>> inherited = new LinkedHashMap<>();
        collectKitMethods(type, type, submission, inherited, new java.util.HashSet<>());
        List<Violation> violations = new ArrayList<>();
        for (Method m : type.methods()) {
            if ((m.access() & (Opcodes.ACC_STATIC | Opcodes.ACC_PRIVATE)) != 0 || m.name().startsWith("<")) {
                continue;
            }
            String key = key(m.name(), m.descriptor());
            List<String> declaring = new ArrayList<>(inherited.getOrDefault(key, List.of()));
            if (OBJECT_OVERRIDABLE.contains(key)) {
                declaring.add("java.lang.Object");
            }
            if (declaring.isEmpty() || declaring.stream().anyMatch(d -> allowed(d, m.name()))) {
                continue;
            }
            String kitType = declaring.get(0);
            String simpleKitType = kitType.substring(kitType.lastIndexOf('.') + 1).replace('$', '.');
            String className = Names.simpleName(type.name());
            String file = Names.sourceFile(type);
            List<String> may = overrides.stream().filter(o -> o.matchesType(kitType))
                    .map(AllowlistEntry::memberText).distinct().toList();
            violations.add(Violation.at(className, m.name(), file, m.line(), simpleKitType + "." + m.name(),
                    " overrides " + simpleKitType + "."
                            + m.name() + ": " + (may.isEmpty() ? "the homework may override no method of " + simpleKitType
                            : "the homework may override only " + String.join(", ", may) + " of " + simpleKitType)
                            + "; the grader does not run code that overrides the others"));
        }
        return violations;
    }

    private boolean allowed(String declaringType, String method) {
        return overrides.stream().anyMatch(o -> o.matchesMember(declaringType, method, null));
    }

    /** {@code handleSyscall(Lminiasyncio/Task;Ljava/lang/Object;)}: the return type may be narrowed by an override. */
    private static String key(String name, String descriptor) {
        return name + descriptor.substring(0, descriptor.indexOf(')') + 1);
    }

    /** The overridable methods of every kit type above {@code type}, by key, with the kit types declaring them. */
    private void collectKitMethods(Scanned origin, Scanned type, Map<String, Scanned> submission,
                                   Map<String, List<String>> inherited, Set<String> seen) {
        List<String> supers = new ArrayList<>(type.interfaces());
        if (type.superName() != null) {
            supers.add(0, type.superName());
        }
        for (String s : supers) {
            if (!seen.add(s) || isJdk(s)) {
                continue;
            }
            Scanned above = submission.containsKey(s) ? submission.get(s) : kitType(s).orElse(null);
            if (above == null) {
                continue; // not on the class path: the allowlist refuses naming it anyway
            }
            if (!submission.containsKey(s)) {
                for (Method m : above.methods()) {
                    if (overridable(m, samePackage(origin.name(), s))) {
                        inherited.computeIfAbsent(key(m.name(), m.descriptor()), k -> new ArrayList<>())
                                .add(Names.dotted(s));
                    }
                }
            }
            collectKitMethods(origin, above, submission, inherited, seen);
        }
    }

    private static boolean overridable(Method m, boolean samePackage) {
        int a = m.access();
        if ((a & (Opcodes.ACC_STATIC | Opcodes.ACC_PRIVATE | Opcodes.ACC_FINAL)) != 0 || m.name().startsWith("<")) {
            return false;
        }
        return (a & (Opcodes.ACC_PUBLIC | Opcodes.ACC_PROTECTED)) != 0 || samePackage;
    }

    private static boolean samePackage(String a, String b) {
        return a.substring(0, Math.max(a.lastIndexOf('/'), 0)).equals(b.substring(0, Math.max(b.lastIndexOf('/'), 0)));
    }

    private static boolean isJdk(String internalName) {
        return internalName.startsWith("java/") || internalName.startsWith("javax/")
                || internalName.startsWith("jdk/") || internalName.startsWith("sun/")
                || internalName.startsWith("com/sun/");
    }

    private Optional<Scanned> kitType(String internalName) {
        return kitTypes.computeIfAbsent(internalName, name -> {
            try (InputStream in = kit.getResourceAsStream(name + ".class")) {
                return in == null ? Optional.empty() : Optional.of(ClassScanner.scan(in.readAllBytes()));
            } catch (IOException e) {
                throw new UncheckedIOException("allowlist: cannot read the kit's " + name, e);
            }
        });
    }
}
