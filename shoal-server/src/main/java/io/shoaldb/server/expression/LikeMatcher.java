package io.shoaldb.server.expression;

import java.util.function.Predicate;
import java.util.regex.Pattern;

/** SQL LIKE matching: {@code %} any run, {@code _} one character, backslash escapes the next. */
public final class LikeMatcher {
    private LikeMatcher() {
    }

    /** Case-insensitive, as MySQL's default collation compares. */
    public static boolean matches(String like, String text) {
        return compile(like, true).test(text);
    }

    /** A reusable matcher; a null pattern matches everything (SHOW without LIKE). */
    public static Predicate<String> compile(String like, boolean caseInsensitive) {
        if (like == null) {
            return text -> true;
        }
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < like.length(); i++) {
            char c = like.charAt(i);
            if (c == '\\' && i + 1 < like.length()) {
                regex.append(Pattern.quote(String.valueOf(like.charAt(++i))));
            } else if (c == '%') {
                regex.append(".*");
            } else if (c == '_') {
                regex.append('.');
            } else {
                regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        int flags = Pattern.DOTALL | (caseInsensitive ? Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE : 0);
        Pattern pattern = Pattern.compile(regex.toString(), flags);
        return text -> pattern.matcher(text).matches();
    }
}
