package allowlist;

import static allowlist.Names.api;
import static allowlist.Names.dotted;
import static allowlist.Names.methodName;
import static allowlist.Names.pretty;
import static allowlist.Names.simpleName;
import static allowlist.Names.sourceFile;

import allowlist.AllowlistEntry.Kind;
import allowlist.AllowlistParser.Section;
import allowlist.ClassScanner.Scanned;
import allowlist.ClassScanner.Use;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.objectweb.asm.Type;

/**
 * The first defence of the grader: a submission's compiled classes are checked against an
 * allowlist of the APIs the assignment needs, and a submission that uses anything else is not
 * run at all. The student is told the class, method and line, and what was used.
 *
 * <p>Why an allowlist on bytecode: a denylist misses whatever its author did not think of
 * ({@code ZipFile} reading the grader's jar, {@code /proc/self/mem}, a parent process killed
 * through {@code ProcessHandle}), and source text hides calls in ways bytecode cannot: every
 * call, field, cast, type and method reference is in the class file, lambda bodies included.
 *
 * <p>Names are enough: JDK classes are never loaded or read (that made the older rules ten
 * times slower). Only the kit's own supertypes of submission classes are read, from the class
 * path, to tell an override of a kit method from a new method (see {@link OverrideRule}).
 *
 * <p>The format of the file is described at the top of {@code homework-allowlist.txt}.
 */
public final class ApiAllowlist {

    /** The homework's allowlist, a resource of the grader. */
    public static final String HOMEWORK_RESOURCE = "/allowlist/homework-allowlist.txt";

    /** {@link #report} lists this many violations, then says how many more there are. */
    public static final int MAX_SHOWN = 20;

    /** Object's public methods: whatever type a call names, these are Object's (wait and getClass are final). */
    private static final Set<String> OBJECT_METHODS = Set.of(
            "getClass()Ljava/lang/Class;", "hashCode()I", "equals(Ljava/lang/Object;)Z",
            "toString()Ljava/lang/String;", "notify()V", "notifyAll()V", "wait()V", "wait(J)V", "wait(JI)V");

    private final String origin;
    private final List<Section> sections;
    private final List<AllowlistEntry> allows;
    private final List<AllowlistEntry> excludes;
    private final OverrideRule overrides;
    /** Verdicts already reached, by class and by member: a check asks about the same few APIs again and again. */
    private final Map<String, Optional<String>> typeVerdicts = new ConcurrentHashMap<>();
    private final Map<String, Optional<String[]>> memberVerdicts = new ConcurrentHashMap<>();

    private ApiAllowlist(String origin, List<Section> sections, ClassLoader kit) {
        this.origin = origin;
        this.sections = sections;
        List<AllowlistEntry> all = sections.stream().flatMap(s -> s.entries().stream()).toList();
        this.allows = all.stream().filter(e -> e.kind() == Kind.ALLOW).toList();
        this.excludes = all.stream().filter(e -> e.kind() == Kind.EXCLUDE).toList();
        this.overrides = new OverrideRule(all.stream().filter(e -> e.kind() == Kind.OVERRIDE).toList(), kit);
    }

    /** The homework's allowlist. */
    public static ApiAllowlist load() {
        try (InputStream in = ApiAllowlist.class.getResourceAsStream(HOMEWORK_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the grader has no " + HOMEWORK_RESOURCE + ": a broken build");
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), "homework-allowlist.txt");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Another assignment's allowlist, in the same format. */
    public static ApiAllowlist load(Path file) throws IOException {
        return parse(Files.readString(file), file.getFileName().toString());
    }

    /**
     * An allowlist from its text. The kit's classes (supertypes of submission classes, for the
     * override rule) are read from this class's own class path, where the grader has the kit.
     *
     * @param origin the file's name, for error messages
     * @throws IllegalArgumentException for a line that is not in the format, with its number
     */
    public static ApiAllowlist parse(String text, String origin) {
        return new ApiAllowlist(origin, AllowlistParser.parse(text, origin), ApiAllowlist.class.getClassLoader());
    }

    /**
     * Checks every {@code .class} file under {@code classesDir} (as javac wrote them).
     *
     * @return every violation, one per class, method and API used (the first line it is used
     *         on), in source order; empty when the submission may run
     * @throws IllegalArgumentException when the directory does not exist
     */
    public List<Violation> check(Path classesDir) {
        if (!Files.isDirectory(classesDir)) {
            throw new IllegalArgumentException("allowlist: no compiled classes at " + classesDir
                    + " (compile the submission first)");
        }
        List<byte[]> classFiles = new ArrayList<>();
        try (Stream<Path> files = Files.walk(classesDir)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".class")).sorted().toList()) {
                classFiles.add(Files.readAllBytes(file));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("allowlist: cannot read the classes under " + classesDir, e);
        }
        return check(classFiles);
    }

    /**
     * {@link #check(Path)} on class files held in memory (the grader's: a class named in any
     * alphabet never has to be a file name there).
     */
    public List<Violation> check(Collection<byte[]> classFiles) {
        Map<String, Scanned> submission = new LinkedHashMap<>();
        for (byte[] bytes : classFiles) {
            Scanned scanned = ClassScanner.scan(bytes);
            submission.put(scanned.name(), scanned);
        }
        Map<String, Violation> found = new LinkedHashMap<>();
        for (Scanned type : submission.values()) {
            checkDeclaration(type, found);
            for (Use use : type.uses()) {
                checkUse(type, use, submission, found);
            }
            overrides.check(type, submission).forEach(v -> add(found, v));
        }
        return found.values().stream()
                .filter(v -> !saidByAMemberUse(v, found.values()))
                .sorted(Comparator.comparing(Violation::file).thenComparingInt(Violation::line)
                        .thenComparing(Violation::message))
                .toList();
    }

    /**
     * The violations for the student: one a line, at most {@link #MAX_SHOWN}, then
     * "... and N more".
     */
    public static String report(List<Violation> violations) {
        StringBuilder text = new StringBuilder();
        violations.stream().limit(MAX_SHOWN).forEach(v -> text.append(v.message()).append('\n'));
        if (violations.size() > MAX_SHOWN) {
            text.append("... and ").append(violations.size() - MAX_SHOWN).append(" more\n");
        }
        return text.toString();
    }

    // ------------------------------------------------------------------------ the checks

    /**
     * A class in the kit's package could reach the kit's package-private members, so a
     * submission's classes must be in a package that an allow line names whole ({@code homework.**}):
     * {@code miniasyncio.DeadlockException$Evil} matches the line {@code miniasyncio.DeadlockException}
     * but is refused.
     */
    private void checkDeclaration(Scanned type, Map<String, Violation> found) {
        String name = dotted(type.name());
        boolean inAllowedPackage = allows.stream().anyMatch(e -> e.member() == null
                && (e.typeText().endsWith(".*") || e.typeText().endsWith(".**")) && e.matchesType(name));
        if (!inAllowedPackage || refuseType(name) != null) {
            add(found, Violation.at(simpleName(type.name()), "", sourceFile(type), 0, name,
                    " declares " + name + ": its package is not one this assignment's classes may be in;"
                            + " the grader does not run it"));
        }
    }

    private void checkUse(Scanned type, Use use, Map<String, Scanned> submission, Map<String, Violation> found) {
        String api;
        String reason;
        if (use.member() == null) {
            if (submission.containsKey(use.owner())) {
                return;
            }
            api = pretty(dotted(use.owner()));
            reason = refuseType(dotted(use.owner()));
        } else {
            String[] refusal = refuseMember(use.owner(), use.member(), use.descriptor(), submission);
            if (refusal == null) {
                return;
            }
            api = refusal[0];
            reason = refusal[1];
        }
        if (reason == null) {
            return;
        }
        String method = methodName(use.method(), type.name());
        add(found, Violation.at(simpleName(type.name()), method, sourceFile(type), use.line(), api,
                " uses " + api + ": " + reason + "; the grader does not run code that uses it"));
    }

    /**
     * {@code Runtime.getRuntime().halt(1)} names the type Runtime too (getRuntime returns one):
     * a line for the type would only repeat what the lines for its members already say.
     */
    private static boolean saidByAMemberUse(Violation typeUse, Iterable<Violation> all) {
        for (Violation v : all) {
            if (v != typeUse && v.className().equals(typeUse.className()) && v.method().equals(typeUse.method())
                    && (v.api().startsWith(typeUse.api() + ".") || v.api().equals("new " + typeUse.api()))) {
                return true;
            }
        }
        return false;
    }

    /** One line per class, method and API: the first place it is used. */
    private static void add(Map<String, Violation> found, Violation v) {
        found.merge(v.className() + "|" + v.method() + "|" + v.api(), v,
                (a, b) -> b.line() > 0 && (a.line() == 0 || b.line() < a.line()) ? b : a);
    }

    /**
     * Why a member use is refused, as {api, reason}, or null when it is allowed. A member named
     * through a submission class (an inherited {@code this.wait()}, {@code schedule(...)}) is
     * the member of the first types outside the submission that could declare it; each must allow it.
     */
    private String[] refuseMember(String owner, String member, String descriptor, Map<String, Scanned> submission) {
        if (owner.startsWith("[")) { // int[].clone(): an array's members are Object's
            Type element = Type.getType(owner).getElementType();
            if (element.getSort() == Type.OBJECT && !submission.containsKey(element.getInternalName())) {
                String reason = refuseType(element.getClassName());
                if (reason != null) {
                    return new String[] {pretty(element.getClassName()), reason};
                }
            }
            owner = "java/lang/Object";
        }
        if (submission.containsKey(owner)) {
            Set<String> outside = new LinkedHashSet<>();
            if (declaredInSubmission(owner, member, descriptor, submission, outside, new LinkedHashSet<>())) {
                return null;
            }
            for (String type : outside) {
                String[] refusal = refuseMember(type, member, descriptor, submission);
                if (refusal != null) {
                    return refusal;
                }
            }
            return null;
        }
        String type = dotted(owner);
        String typeReason = refuseType(type);
        if (typeReason != null) {
            return new String[] {api(type, member), typeReason};
        }
        String target = OBJECT_METHODS.contains(member + descriptor) ? "java.lang.Object" : type;
        return memberVerdicts.computeIfAbsent(target + "#" + member + descriptor,
                key -> Optional.ofNullable(memberVerdict(target, member, descriptor))).orElse(null);
    }

    /** Why {@code target}'s member may not be used, as {api, reason}, or null when it may. */
    private String[] memberVerdict(String target, String member, String descriptor) {
        String params = descriptor.startsWith("(") ? Stream.of(Type.getArgumentTypes(descriptor))
                .map(Type::getClassName).collect(Collectors.joining(",")) : null;
        for (AllowlistEntry e : excludes) {
            if (e.member() != null && e.matchesMember(target, member, params)) {
                return new String[] {api(target, member), because(e)};
            }
        }
        for (AllowlistEntry e : allows) {
            if (e.matchesMember(target, member, params)) {
                return null;
            }
        }
        List<String> only = allows.stream().filter(e -> e.member() != null && e.matchesType(target))
                .map(AllowlistEntry::memberText).distinct().toList();
        return new String[] {api(target, member), only.isEmpty()
                ? "the homework needs nothing of " + pretty(target)
                : "of " + pretty(target) + " the homework needs only " + String.join(", ", only)};
    }

    /** Whether a submission class declares it; else the types outside the submission it could come from. */
    private static boolean declaredInSubmission(String owner, String member, String descriptor,
                                                Map<String, Scanned> submission, Set<String> outside, Set<String> seen) {
        Scanned type = submission.get(owner);
        if (type == null) {
            outside.add(owner);
            return false;
        }
        if (!seen.add(owner)) {
            return false;
        }
        boolean method = descriptor.startsWith("(");
        if (method ? type.methods().stream().anyMatch(m -> m.name().equals(member) && m.descriptor().equals(descriptor))
                : type.fields().contains(member)) {
            return true;
        }
        List<String> supers = new ArrayList<>(type.interfaces());
        if (type.superName() != null) {
            supers.add(0, type.superName());
        }
        for (String s : supers) {
            if (declaredInSubmission(s, member, descriptor, submission, outside, seen)) {
                return true;
            }
        }
        return false;
    }

    /** Why a class may not be named at all, or null when it may (it or one of its members is allowed). */
    String refuseType(String className) {
        return typeVerdicts.computeIfAbsent(className, c -> Optional.ofNullable(typeVerdict(c))).orElse(null);
    }

    private String typeVerdict(String className) {
        for (AllowlistEntry e : excludes) {
            if (e.member() == null && e.matchesType(className)) {
                return because(e);
            }
        }
        for (AllowlistEntry e : allows) {
            if (e.matchesType(className)) {
                return null;
            }
        }
        int dot = className.lastIndexOf('.');
        String pkg = dot < 0 ? "" : className.substring(0, dot);
        boolean somethingOfItsPackage = allows.stream().anyMatch(e -> {
            int d = e.typeText().lastIndexOf('.');
            return d >= 0 && e.typeText().substring(0, d).equals(pkg) || e.matchesType(pkg + ".Any");
        });
        return somethingOfItsPackage ? "the homework needs no " + pretty(className)
                : "the homework needs none of " + (pkg.isEmpty() ? "the default package" : pkg);
    }

    private static String because(AllowlistEntry e) {
        return e.reason().isEmpty() ? "the homework does not need " + pretty(e.text().replace('#', '.')) : e.reason();
    }

    // ------------------------------------------------------------------------ the README

    /**
     * "What your code may use", in Markdown, for the student README: each section of the file
     * with its reason, what it allows, what it leaves out, and what may be overridden.
     */
    public String describe() {
        StringBuilder md = new StringBuilder("## What your code may use\n\n")
                .append("The grader reads your compiled classes before it runs them. A submission that uses a class"
                        + " or method not allowed here is not run at all: the report names the class, method and"
                        + " line, and what was used. (`pkg.*`: the classes of a package; `pkg.**`: with its"
                        + " subpackages; `Type#member`: only that member.)\n");
        for (Section section : sections) {
            md.append("\n**").append(section.title()).append(".**");
            if (!section.why().isEmpty()) {
                md.append(' ').append(section.why());
            }
            md.append('\n');
            list(md, "Allowed", section.entries(), Kind.ALLOW);
            list(md, "Not", section.entries(), Kind.EXCLUDE);
            list(md, "You may override", section.entries(), Kind.OVERRIDE);
        }
        return md.toString();
    }

    /** Entries of one kind, members grouped by type: `java.lang.System#out, err, nanoTime`. */
    private static void list(StringBuilder md, String label, List<AllowlistEntry> entries, Kind kind) {
        Map<String, List<String>> byType = new LinkedHashMap<>();
        for (AllowlistEntry e : entries) {
            if (e.kind() == kind) {
                byType.computeIfAbsent(e.typeText(), t -> new ArrayList<>()).add(e.memberText());
            }
        }
        if (byType.isEmpty()) {
            return;
        }
        List<String> items = new ArrayList<>();
        byType.forEach((type, members) -> items.add(members.contains(null) ? "`" + type + "`"
                : "`" + type + "#" + String.join(", ", members) + "`"));
        md.append("- ").append(label).append(": ").append(String.join(", ", items)).append('\n');
    }

    @Override
    public String toString() {
        return "allowlist " + origin;
    }
}
