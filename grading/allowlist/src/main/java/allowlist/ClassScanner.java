package allowlist;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.RecordComponentVisitor;
import org.objectweb.asm.Type;
import org.objectweb.asm.TypePath;
import org.objectweb.asm.signature.SignatureReader;
import org.objectweb.asm.signature.SignatureVisitor;

/**
 * Reads one compiled class and lists everything it refers to, with the method and line it is
 * referred from: superclass and interfaces, field and method signatures (generic ones too),
 * annotations, and in code every call, field access, {@code new}, cast, {@code instanceof},
 * class literal, array type, catch type, local variable type and method reference.
 *
 * <p>What javac adds on its own is not the student's choice and is left out: the bootstrap
 * methods of {@code invokedynamic} (lambdas, string concatenation, records' toString, pattern
 * switches), the constants javac builds for switch labels, the {@code InnerClasses} and nest
 * attributes (they list e.g. {@code MethodHandles$Lookup} for every lambda), and the synthetic
 * {@code $deserializeLambda$} of a serializable lambda. A lambda's body is an ordinary method
 * of the class ({@code lambda$gather$0}), so it is read like any other; a method reference's
 * target ({@code System::exit}) is read from the invokedynamic's arguments.
 *
 * <p>One file past 400 lines on purpose: it is one ASM visitor, and its readers of annotations
 * and of code are inner classes that write into the same collector (its uses, the method and
 * line they are in, the catch types waiting for their line). Split into files, they would share
 * that state through accessors, and a reader would follow one class file's walk across them.
 */
final class ClassScanner {

    /** One reference: a type ({@code member == null}) or a member of {@code owner}. */
    record Use(String method, int line, String owner, String member, String descriptor) {
    }

    /** A method the class declares: for the override rule. */
    record Method(int access, String name, String descriptor, int line) {
    }

    /** What one class file says. Names are internal ({@code java/util/List}). */
    record Scanned(String name, int access, String superName, List<String> interfaces, String sourceFile,
                   List<String> fields, List<Method> methods, List<Use> uses) {
    }

    private static final int API = Opcodes.ASM9;

    /** A catch type or local variable type, known only once the line of its label is. */
    private record Pending(Label label, String kind, String text, Map<Label, Integer> lines) {
    }

    private ClassScanner() {
    }

    static Scanned scan(byte[] classFile) {
        Collector collector = new Collector();
        new ClassReader(classFile).accept(collector, ClassReader.SKIP_FRAMES);
        return new Scanned(collector.name, collector.access, collector.superName, collector.interfaces,
                collector.sourceFile, collector.fields, collector.methods, collector.uses);
    }

    private static final class Collector extends ClassVisitor {
        String name;
        int access;
        String superName;
        List<String> interfaces = List.of();
        String sourceFile;
        final List<String> fields = new ArrayList<>();
        final List<Method> methods = new ArrayList<>();
        final List<Use> uses = new ArrayList<>();

        Collector() {
            super(API);
        }

        /** A class by its internal name ({@code java/util/List}), or an array type by its descriptor. */
        void type(String method, int line, String internalName) {
            if (internalName == null) {
                return;
            }
            if (internalName.startsWith("[")) {
                typeOf(method, line, Type.getType(internalName));
            } else {
                uses.add(new Use(method, line, internalName, null, null));
            }
        }

        void typeOf(String method, int line, Type type) {
            if (type.getSort() == Type.ARRAY) {
                type = type.getElementType();
            }
            if (type.getSort() == Type.OBJECT) {
                uses.add(new Use(method, line, type.getInternalName(), null, null));
            } // primitives are always fine
        }

        /** Every class in a field or method descriptor. */
        void descriptor(String method, int line, String descriptor) {
            Type type = Type.getType(descriptor);
            if (type.getSort() == Type.METHOD) {
                for (Type argument : type.getArgumentTypes()) {
                    typeOf(method, line, argument);
                }
                typeOf(method, line, type.getReturnType());
            } else {
                typeOf(method, line, type);
            }
        }

        /** Every class in a generic signature: {@code List<Thread>} names Thread. */
        void signature(String method, int line, String signature) {
            if (signature == null) {
                return;
            }
            new SignatureReader(signature).accept(new SignatureVisitor(API) {
                private final List<String> open = new ArrayList<>();

                @Override
                public void visitClassType(String className) {
                    open.add(className);
                    type(method, line, className);
                }

                @Override
                public void visitInnerClassType(String simpleName) {
                    String nested = open.remove(open.size() - 1) + "$" + simpleName;
                    open.add(nested);
                    type(method, line, nested);
                }

                @Override
                public void visitEnd() {
                    open.remove(open.size() - 1);
                }
            });
        }

        AnnotationVisitor annotation(String method, int line, String descriptor) {
            descriptor(method, line, descriptor);
            return new AnnotationReader(method, line);
        }

        /** Enum constants, class literals and nested annotations in an annotation's values. */
        private final class AnnotationReader extends AnnotationVisitor {
            private final String method;
            private final int line;

            AnnotationReader(String method, int line) {
                super(API);
                this.method = method;
                this.line = line;
            }

            @Override
            public void visit(String name, Object value) {
                if (value instanceof Type type) {
                    typeOf(method, line, type);
                }
            }

            @Override
            public void visitEnum(String name, String descriptor, String value) {
                descriptor(method, line, descriptor);
            }

            @Override
            public AnnotationVisitor visitAnnotation(String name, String descriptor) {
                return annotation(method, line, descriptor);
            }

            @Override
            public AnnotationVisitor visitArray(String name) {
                return this;
            }
        }

        @Override
        public void visit(int version, int access, String name, String signature, String superName,
                          String[] interfaces) {
            this.name = name;
            this.access = access;
            this.superName = superName;
            this.interfaces = interfaces == null ? List.of() : List.of(interfaces);
            type("", 0, superName);
            this.interfaces.forEach(i -> type("", 0, i));
            signature("", 0, signature);
        }

        @Override
        public void visitSource(String source, String debug) {
            sourceFile = source;
        }

        @Override
        public AnnotationVisitor visitAnnotation(String descriptor, boolean visible) {
            return annotation("", 0, descriptor);
        }

        @Override
        public AnnotationVisitor visitTypeAnnotation(int typeRef, TypePath typePath, String descriptor, boolean visible) {
            return annotation("", 0, descriptor);
        }

        @Override
        public RecordComponentVisitor visitRecordComponent(String name, String descriptor, String signature) {
            descriptor("", 0, descriptor);
            signature("", 0, signature);
            return new RecordComponentVisitor(API) {
                @Override
                public AnnotationVisitor visitAnnotation(String d, boolean visible) {
                    return annotation("", 0, d);
                }

                @Override
                public AnnotationVisitor visitTypeAnnotation(int typeRef, TypePath typePath, String d, boolean v) {
                    return annotation("", 0, d);
                }
            };
        }

        @Override
        public FieldVisitor visitField(int access, String name, String descriptor, String signature, Object value) {
            fields.add(name);
            descriptor(name, 0, descriptor);
            signature(name, 0, signature);
            return new FieldVisitor(API) {
                @Override
                public AnnotationVisitor visitAnnotation(String d, boolean visible) {
                    return annotation(name, 0, d);
                }

                @Override
                public AnnotationVisitor visitTypeAnnotation(int typeRef, TypePath typePath, String d, boolean v) {
                    return annotation(name, 0, d);
                }
            };
        }

        @Override
        public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                         String[] exceptions) {
            if ((access & Opcodes.ACC_SYNTHETIC) != 0 && name.equals("$deserializeLambda$")) {
                // javac's own code for serializable lambdas (it uses SerializedLambda); it runs
                // only when a lambda is deserialized, which nothing allowed can do.
                methods.add(new Method(access, name, descriptor, 0));
                return null;
            }
            return new CodeReader(access, name, descriptor, signature, exceptions);
        }

        /** The uses of one method; those without a line of their own get the method's first line. */
        private final class CodeReader extends MethodVisitor {
            private final int access;
            private final String method;
            private final String descriptor;
            private final int firstUse = uses.size();
            /** The line each label starts (for catch handlers), and the line just before it (for locals). */
            private final Map<Label, Integer> lines = new HashMap<>();
            private final Map<Label, Integer> linesBefore = new HashMap<>();
            /** Catch types and local variables: {label, kind, name, line map}, placed on the label's line at the end. */
            private final List<Pending> pending = new ArrayList<>();
            private int line;
            private int firstLine;

            CodeReader(int access, String name, String descriptor, String signature, String[] exceptions) {
                super(API);
                this.access = access;
                this.method = name;
                this.descriptor = descriptor;
                descriptor(name, -1, descriptor);
                signature(name, -1, signature);
                if (exceptions != null) {
                    for (String e : exceptions) {
                        type(name, -1, e);
                    }
                }
            }

            @Override
            public void visitLabel(Label label) {
                lines.put(label, line); // a line number for this label, if any, comes next and wins
                linesBefore.put(label, line); // a local starts after the store on the line before
            }

            @Override
            public void visitLineNumber(int number, Label start) {
                line = number;
                if (firstLine == 0) {
                    firstLine = number;
                }
                lines.put(start, number);
            }

            @Override
            public void visitTypeInsn(int opcode, String type) {
                type(method, line, type);
            }

            @Override
            public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
                member(owner, name, descriptor);
            }

            @Override
            public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean itf) {
                member(owner, name, descriptor);
            }

            private void member(String owner, String name, String memberDescriptor) {
                uses.add(new Use(method, line, owner, name, memberDescriptor));
                descriptor(method, line, memberDescriptor);
            }

            @Override
            public void visitInvokeDynamicInsn(String name, String indyDescriptor, Handle bootstrap, Object... arguments) {
                // The bootstrap is javac's (Java source cannot name one); its arguments carry what
                // the student wrote: a method reference's target, a lambda's types, case labels.
                descriptor(method, line, indyDescriptor);
                for (Object argument : arguments) {
                    constant(argument, true);
                }
            }

            @Override
            public void visitLdcInsn(Object value) {
                constant(value, true);
            }

            private void constant(Object value, boolean handles) {
                if (value instanceof Type type) {
                    descriptor(method, line, type.getDescriptor());
                } else if (value instanceof Handle handle && handles) {
                    member(handle.getOwner(), handle.getName(), handle.getDesc());
                } else if (value instanceof ConstantDynamic dynamic) {
                    // javac makes these for enum labels of pattern switches, through ClassDesc and
                    // EnumDesc factories of its own choosing: only the classes named are the student's.
                    for (int i = 0; i < dynamic.getBootstrapMethodArgumentCount(); i++) {
                        constant(dynamic.getBootstrapMethodArgument(i), false);
                    }
                }
            }

            @Override
            public void visitMultiANewArrayInsn(String arrayDescriptor, int dimensions) {
                descriptor(method, line, arrayDescriptor);
            }

            @Override
            public void visitTryCatchBlock(Label start, Label end, Label handler, String type) {
                if (type != null) {
                    pending.add(new Pending(handler, "internal", type, lines));
                }
            }

            @Override
            public void visitLocalVariable(String name, String localDescriptor, String signature, Label start,
                                           Label end, int index) {
                pending.add(new Pending(start, "descriptor", localDescriptor, linesBefore));
                if (signature != null) {
                    pending.add(new Pending(start, "signature", signature, linesBefore));
                }
            }

            @Override
            public AnnotationVisitor visitAnnotation(String d, boolean visible) {
                return annotation(method, -1, d);
            }

            @Override
            public AnnotationVisitor visitParameterAnnotation(int parameter, String d, boolean visible) {
                return annotation(method, -1, d);
            }

            @Override
            public AnnotationVisitor visitTypeAnnotation(int typeRef, TypePath typePath, String d, boolean visible) {
                return annotation(method, -1, d);
            }

            @Override
            public AnnotationVisitor visitInsnAnnotation(int typeRef, TypePath typePath, String d, boolean visible) {
                return annotation(method, line, d);
            }

            @Override
            public AnnotationVisitor visitTryCatchAnnotation(int typeRef, TypePath typePath, String d, boolean visible) {
                return annotation(method, -1, d);
            }

            @Override
            public AnnotationVisitor visitLocalVariableAnnotation(int typeRef, TypePath typePath, Label[] start,
                                                                  Label[] end, int[] index, String d, boolean visible) {
                return annotation(method, -1, d);
            }

            @Override
            public AnnotationVisitor visitAnnotationDefault() {
                return new AnnotationReader(method, -1);
            }

            @Override
            public void visitEnd() {
                for (Pending p : pending) {
                    int at = p.lines().getOrDefault(p.label(), 0);
                    at = at > 0 ? at : -1;
                    switch (p.kind()) {
                        case "internal" -> type(method, at, p.text());
                        case "descriptor" -> descriptor(method, at, p.text());
                        default -> signature(method, at, p.text());
                    }
                }
                for (int i = firstUse; i < uses.size(); i++) {
                    Use use = uses.get(i);
                    if (use.line() < 0) {
                        uses.set(i, new Use(use.method(), firstLine, use.owner(), use.member(), use.descriptor()));
                    }
                }
                methods.add(new Method(access, method, descriptor, firstLine));
            }
        }
    }
}
