package allowlist;

import allowlist.ClassScanner.Scanned;

/**
 * Names for people: the bytecode's internal names ({@code java/lang/Thread$Builder},
 * {@code lambda$gather$0}) as a student wrote them in the source, for the allowlist's verdicts.
 */
final class Names {

    private Names() {
    }

    static String api(String type, String member) {
        return member.equals("<init>") ? "new " + pretty(type) : pretty(type) + "." + member;
    }

    static String dotted(String internalName) {
        return internalName.replace('/', '.');
    }

    /** java.lang.Thread$Builder as the student writes it: java.lang.Thread.Builder. */
    static String pretty(String binaryName) {
        return binaryName.replace('$', '.');
    }

    static String simpleName(String internalName) {
        return internalName.substring(internalName.lastIndexOf('/') + 1);
    }

    static String sourceFile(Scanned type) {
        if (type.sourceFile() != null) {
            return type.sourceFile();
        }
        String simple = simpleName(type.name());
        int dollar = simple.indexOf('$');
        return (dollar < 0 ? simple : simple.substring(0, dollar)) + ".java";
    }

    /** {@code lambda$gather$0} is a lambda written in gather: "gather, in a lambda". */
    static String methodName(String method, String className) {
        if (method.startsWith("lambda$")) {
            int end = method.indexOf('$', "lambda$".length());
            String in = end < 0 ? method : method.substring("lambda$".length(), end);
            in = switch (in) {
                case "new" -> "<init>";
                case "static" -> "<clinit>";
                default -> in;
            };
            return in + ", in a lambda";
        }
        return method;
    }
}
