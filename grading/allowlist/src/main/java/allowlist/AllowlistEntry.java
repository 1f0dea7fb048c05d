package allowlist;

import java.util.regex.Pattern;

/**
 * One line of an allowlist file: an allowed API, an exclusion ({@code -} line) or an allowed
 * override ({@code override} line). Names are binary names with dots ({@code java.util.Map$Entry}).
 *
 * @param kind   what the line does
 * @param text   the line's pattern as written, for messages and the README
 * @param type   the classes it matches
 * @param member the members it matches, or null for every member
 * @param params the parameter lists it matches (erased Java names joined by commas), or null for all
 * @param reason why, from the text after {@code " -- "}; empty when the line gives none
 * @param line   the line number in its file
 */
record AllowlistEntry(Kind kind, String text, Pattern type, Pattern member, Pattern params, String reason, int line) {

    enum Kind { ALLOW, EXCLUDE, OVERRIDE }

    /** The class part as written, before {@code #}: {@code java.lang.System}. */
    String typeText() {
        int hash = text.indexOf('#');
        return hash < 0 ? text : text.substring(0, hash);
    }

    /** The member part as written, after {@code #}, or null. */
    String memberText() {
        int hash = text.indexOf('#');
        return hash < 0 ? null : text.substring(hash + 1);
    }

    boolean matchesType(String className) {
        return type.matcher(className).matches();
    }

    /** A line without a member matches every member; {@code paramList} is e.g. "long,java.util.function.BiConsumer". */
    boolean matchesMember(String className, String memberName, String paramList) {
        return matchesType(className)
                && (member == null || member.matcher(memberName).matches())
                && (params == null || paramList != null && params.matcher(paramList).matches());
    }

    /**
     * {@code java.util.*}: one name of any characters but a dot; {@code **}: anything. A plain
     * class name also matches its nested classes ({@code java.util.Map} matches {@code java.util.Map$Entry}).
     */
    static Pattern typePattern(String glob) {
        if (!glob.contains("*")) {
            return Pattern.compile(Pattern.quote(glob) + "(\\$.*)?");
        }
        return glob(glob, "[^.]*");
    }

    /** In a member name or a parameter list, {@code *} matches anything. */
    static Pattern memberPattern(String glob) {
        return glob(glob, ".*");
    }

    private static Pattern glob(String glob, String star) {
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            if (c == '*' && i + 1 < glob.length() && glob.charAt(i + 1) == '*') {
                regex.append(".*");
                i++;
            } else if (c == '*') {
                regex.append(star);
            } else {
                regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(regex.toString());
    }
}
