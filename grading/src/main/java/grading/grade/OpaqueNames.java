package grading.grade;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.commons.ClassRemapper;
import org.objectweb.asm.commons.Remapper;

/**
 * The hidden test classes as the child gets them, with names that say nothing: each class of
 * {@code grading.hidden} becomes {@code t.A}, {@code t.B}... (in an order drawn at random), each of
 * their own methods and fields {@code a}, {@code b}..., so a lambda of a test is a
 * {@code t.C$$Lambda/0x...} and its body a method {@code t.C.k}. A submission can read a body's
 * class name and encode it (reversed, with look-alike dots) past any text filter; what it reads
 * must hold nothing to encode. Debug attributes go too ({@code SourceFile}, lines, local variable
 * and parameter names).
 *
 * <p>A name stays where something outside the hidden classes calls it: constructors and static
 * initializers, a method that overrides or implements one of a supertype outside (the kit's
 * {@code Instrument.beforeStep}, {@code Scheduler.finishTask}, {@code Callable.call},
 * {@code Object.toString}) and an enum's {@code values} and {@code valueOf} (the JDK calls them by
 * name). A call of an inherited method or a use of an inherited field is renamed only when a
 * hidden class declares it. An annotation's elements are its methods: {@code @Graded}'s are
 * renamed in the annotation and in its uses alike.
 *
 * <p>It runs in the grader, before the classes are sent: the child (and the submission in it)
 * never holds their old names. {@link #id} gives a test's id as the child knows it.
 */
public final class OpaqueNames {

    /** The package of the renamed classes: no kit, JDK or homework class is in it. */
    static final String PACKAGE = "t/";

    private static final String HIDDEN = "grading/hidden/";

    /** The hidden classes, as read: by internal name. */
    private final Map<String, Shape> shapes = new HashMap<>();
    /** Old internal name of a hidden class -> its new one. */
    private final Map<String, String> classes = new HashMap<>();
    /** Old name of a renamed member (method or field) -> its new one: one table, so a record's field and accessor agree. */
    private final Map<String, String> members = new HashMap<>();
    /** Names a new name must never be: every member name of a supertype outside, and every name kept. */
    private final Set<String> taken = new HashSet<>();
    /** Per hidden class, the "name descriptor" of every method of its supertypes outside: what it may override. */
    private final Map<String, Set<String>> outside = new HashMap<>();
    private final Map<String, byte[]> renamed = new LinkedHashMap<>();
    private final Remapper remapper = new Names();

    /** A hidden class as read: its supertypes and the members it declares. */
    private record Shape(String name, int access, String superName, List<String> interfaces,
                         Map<String, Integer> methods, Map<String, Integer> fields) {
    }

    private OpaqueNames() {
    }

    /**
     * Renames {@code hidden} (binary name -> class file, every class of {@code grading.hidden}).
     * {@code outside} loads their supertypes that are not hidden (the kit, the JDK), to tell an
     * override from a method of their own.
     */
    public static OpaqueNames of(Map<String, byte[]> hidden, ClassLoader outside) {
        Random random = new SecureRandom();
        OpaqueNames names = new OpaqueNames();
        for (byte[] bytes : hidden.values()) {
            Shape shape = shape(bytes);
            if (!shape.name().startsWith(HIDDEN)) {
                throw new IllegalArgumentException(shape.name() + " is not a class of grading.hidden");
            }
            names.shapes.put(shape.name(), shape);
        }
        names.readOutside(outside);
        names.nameClasses(random);
        names.nameMembers(random);
        for (byte[] bytes : hidden.values()) {
            names.rename(bytes);
        }
        return names;
    }

    /** New binary name ({@code t.C}) -> class file. */
    public Map<String, byte[]> classes() {
        return Collections.unmodifiableMap(renamed);
    }

    /**
     * "grading.hidden.GatherTests#argumentOrder" as the child knows it: "t.C#k". The method is one
     * without parameters that the class declares (a graded test, {@code EndMarker.take}).
     */
    public String id(String id) {
        int hash = id.indexOf('#');
        String type = hash < 0 ? "" : id.substring(0, hash).replace('.', '/');
        String method = id.substring(hash + 1);
        Shape shape = shapes.get(type);
        List<String> found = shape == null ? List.of()
                : shape.methods().keySet().stream().filter(m -> m.startsWith(method + " ()")).toList();
        if (found.size() != 1) {
            throw new IllegalArgumentException(id + " is not one method without parameters of a hidden class");
        }
        String descriptor = found.get(0).substring(method.length() + 1);
        return classes.get(type).replace('/', '.') + "#" + remapper.mapMethodName(type, method, descriptor);
    }

    private static Shape shape(byte[] bytes) {
        ClassReader reader = new ClassReader(bytes);
        Map<String, Integer> methods = new HashMap<>();
        Map<String, Integer> fields = new HashMap<>();
        reader.accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                             String[] exceptions) {
                methods.put(name + " " + descriptor, access);
                return null;
            }

            @Override
            public FieldVisitor visitField(int access, String name, String descriptor, String signature, Object value) {
                fields.put(name + " " + descriptor, access);
                return null;
            }
        }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return new Shape(reader.getClassName(), reader.getAccess(), reader.getSuperName(),
                List.of(reader.getInterfaces()), methods, fields);
    }

    private boolean hidden(String internalName) {
        return shapes.containsKey(internalName);
    }

    /** Every hidden class's supertypes outside, and their members. */
    private void readOutside(ClassLoader loader) {
        for (Shape shape : shapes.values()) {
            Set<String> methods = new HashSet<>();
            List<String> pending = new ArrayList<>(supertypes(shape));
            Set<String> seen = new HashSet<>();
            while (!pending.isEmpty()) {
                String type = pending.remove(pending.size() - 1);
                if (!seen.add(type)) {
                    continue;
                }
                if (hidden(type)) {
                    pending.addAll(supertypes(shapes.get(type)));
                } else {
                    outsideMembers(type, loader, methods);
                }
            }
            outside.put(shape.name(), methods); // every class's own supertypes end in Object, whose methods are in it
        }
    }

    private static List<String> supertypes(Shape shape) {
        List<String> types = new ArrayList<>(shape.interfaces());
        if (shape.superName() != null) {
            types.add(shape.superName());
        }
        return types;
    }

    /** The methods of {@code type} (outside) and its supertypes that a subclass may override; their member names are taken. */
    private void outsideMembers(String type, ClassLoader loader, Set<String> overridable) {
        Class<?> top;
        try {
            top = Class.forName(type.replace('/', '.'), false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            // a homework type, say: the grader does not have it, so what overrides it cannot be told
            throw new IllegalStateException("a hidden class extends or implements " + type.replace('/', '.')
                    + ", which the grader cannot load: its overrides cannot be told from its own methods", e);
        }
        List<Class<?>> pending = new ArrayList<>(List.of(top));
        Set<Class<?>> seen = new HashSet<>();
        while (!pending.isEmpty()) {
            Class<?> c = pending.remove(pending.size() - 1);
            if (!seen.add(c)) {
                continue;
            }
            for (Method m : c.getDeclaredMethods()) {
                taken.add(m.getName());
                int modifiers = m.getModifiers();
                if (!Modifier.isPrivate(modifiers) && !Modifier.isStatic(modifiers)) {
                    overridable.add(m.getName() + " " + Type.getMethodDescriptor(m));
                }
            }
            for (Field f : c.getDeclaredFields()) {
                taken.add(f.getName());
            }
            if (c.getSuperclass() != null) {
                pending.add(c.getSuperclass());
            }
            pending.addAll(List.of(c.getInterfaces()));
        }
    }

    private void nameClasses(Random random) {
        List<String> old = new ArrayList<>(shapes.keySet());
        Collections.sort(old);
        Collections.shuffle(old, random); // the order says nothing either
        for (int i = 0; i < old.size(); i++) {
            classes.put(old.get(i), PACKAGE + letters(i, true));
        }
    }

    /** Which of a class's declared methods keep their names; every other member gets a new one. */
    private boolean keeps(Shape shape, String method) {
        int space = method.indexOf(' ');
        String name = method.substring(0, space);
        int access = shape.methods().get(method);
        boolean instance = (access & (Opcodes.ACC_STATIC | Opcodes.ACC_PRIVATE)) == 0;
        return name.startsWith("<")
                || instance && outside.get(shape.name()).contains(method)
                || (shape.access() & Opcodes.ACC_ENUM) != 0 && (name.equals("values") || name.equals("valueOf"));
    }

    private void nameMembers(Random random) {
        Set<String> renamedNames = new HashSet<>();
        for (Shape shape : shapes.values()) {
            for (String method : shape.methods().keySet()) {
                String name = method.substring(0, method.indexOf(' '));
                if (keeps(shape, method)) {
                    taken.add(name);
                    sameAsWhatItOverrides(shape, method);
                } else {
                    renamedNames.add(name);
                }
            }
            for (String field : shape.fields().keySet()) {
                renamedNames.add(field.substring(0, field.indexOf(' ')));
            }
        }
        // A new name is none that is taken (kept, or a member of a supertype outside): a renamed
        // method cannot come to override, nor a renamed field to hide, what it did not before.
        List<String> old = new ArrayList<>(renamedNames);
        Collections.sort(old);
        Collections.shuffle(old, random);
        int next = 0;
        for (String name : old) {
            String fresh;
            do {
                fresh = letters(next++, false);
            } while (taken.contains(fresh));
            members.put(name, fresh);
        }
    }

    /**
     * A kept method must not override a hidden one that was renamed (nor the other way round): a
     * class that implements an interface outside with a method its hidden superclass declared.
     */
    private void sameAsWhatItOverrides(Shape shape, String method) {
        for (String type : supertypes(shape)) {
            Shape above = shapes.get(type);
            if (above == null) {
                continue;
            }
            Integer access = above.methods().get(method);
            if (access != null && (access & (Opcodes.ACC_STATIC | Opcodes.ACC_PRIVATE)) == 0 && !keeps(above, method)) {
                throw new IllegalStateException(shape.name() + " overrides " + method + " of " + type
                        + " and of a supertype outside the hidden classes: give the hidden one another name");
            }
            sameAsWhatItOverrides(above, method);
        }
    }

    /** 0 -> "A" (or "a"), 25 -> "Z", 26 -> "BA"...: a name from a number. */
    private static String letters(int n, boolean upper) {
        char first = upper ? 'A' : 'a';
        StringBuilder name = new StringBuilder();
        int rest = n;
        do {
            name.insert(0, (char) (first + rest % 26));
            rest /= 26;
        } while (rest > 0);
        return name.toString();
    }

    /**
     * The hidden class that declares a member ({@code members}: its methods or its fields), looked
     * up as the JVM resolves a use of it on {@code owner}; null if none does.
     */
    private Shape declaring(String owner, String member, java.util.function.Function<Shape, Map<String, ?>> members) {
        Shape shape = shapes.get(owner);
        if (shape == null) {
            return null;
        }
        if (members.apply(shape).containsKey(member)) {
            return shape;
        }
        for (String type : supertypes(shape)) {
            Shape found = declaring(type, member, members);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    /** The new names, for ASM's ClassRemapper: of the classes, and of the members a hidden class declares. */
    private final class Names extends Remapper {

        @Override
        public String map(String internalName) {
            return classes.getOrDefault(internalName, internalName);
        }

        @Override
        public String mapMethodName(String owner, String name, String descriptor) {
            String method = name + " " + descriptor;
            Shape declaring = declaring(owner, method, Shape::methods);
            return declaring == null || keeps(declaring, method) ? name : members.get(name);
        }

        @Override
        public String mapFieldName(String owner, String name, String descriptor) {
            return declaring(owner, name + " " + descriptor, Shape::fields) == null ? name : members.get(name);
        }

        @Override
        public String mapRecordComponentName(String owner, String name, String descriptor) {
            return mapFieldName(owner, name, descriptor);
        }

        @Override
        public String mapAnnotationAttributeName(String descriptor, String name) {
            // an element of a hidden annotation (@Graded's visibility) is a method of it, renamed
            boolean hidden = descriptor != null && descriptor.startsWith("L")
                    && shapes.containsKey(descriptor.substring(1, descriptor.length() - 1));
            return hidden && name != null ? members.get(name) : name;
        }

        @Override
        public String mapInnerClassName(String name, String ownerName, String innerName) {
            // the simple name a nested class shows (getSimpleName) is its new one, not the old
            String mapped = map(name);
            return innerName == null || mapped.equals(name) ? innerName : mapped.substring(mapped.lastIndexOf('/') + 1);
        }
    }

    private void rename(byte[] bytes) {
        ClassReader reader = new ClassReader(bytes);
        // a new constant pool: one copied from the reader would still hold the old names
        ClassWriter writer = new ClassWriter(0);
        reader.accept(new ClassRemapper(writer, remapper), ClassReader.SKIP_DEBUG);
        renamed.put(classes.get(reader.getClassName()).replace('/', '.'), writer.toByteArray());
    }
}
