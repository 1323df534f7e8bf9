package io.shoaldb.catalog.ddl;

import io.shoaldb.common.error.ErrorCode;
import java.util.Locale;
import java.util.Set;

/**
 * Which names are legal. Databases and tables follow Doris's default name rule ({@code
 * ^[a-zA-Z][a-zA-Z0-9-_]{0,63}$}), widened to Unicode letters and digits: a letter first, then letters,
 * digits, '_' or '-'; 1 to 64 characters. So no '/', NUL, space or quote can reach a file path or the
 * SHOW CREATE TABLE text. Columns are freer, as in Doris (spaces, dots and most punctuation inside): 1 to
 * 256 characters, no control characters (NUL included), no '/' or '`', no leading or trailing white space,
 * and not Doris's hidden-column prefix {@code __DORIS_}. {@code information_schema} and {@code mysql} are
 * reserved database names (the server serves them itself).
 */
public final class NameRules {
    public static final int MAX_NAME_LENGTH = 64;
    public static final int MAX_COLUMN_NAME_LENGTH = 256;
    private static final Set<String> RESERVED_DATABASES = Set.of("information_schema", "mysql");
    private static final String HIDDEN_COLUMN_PREFIX = "__doris_";

    private NameRules() {
    }

    public static void checkDatabase(String name) {
        if (!isCommonName(name) || RESERVED_DATABASES.contains(name.toLowerCase(Locale.ROOT))) {
            throw ErrorCode.WRONG_DB_NAME.exception(String.valueOf(name));
        }
        if (name.length() > MAX_NAME_LENGTH) {
            throw ErrorCode.IDENTIFIER_TOO_LONG.exception(name);
        }
    }

    public static void checkTable(String name) {
        if (!isCommonName(name)) {
            throw ErrorCode.WRONG_TABLE_NAME.exception(String.valueOf(name));
        }
        if (name.length() > MAX_NAME_LENGTH) {
            throw ErrorCode.IDENTIFIER_TOO_LONG.exception(name);
        }
    }

    public static void checkColumn(String name) {
        if (name == null || name.isEmpty() || name.isBlank()
                || Character.isWhitespace(name.charAt(0)) || Character.isWhitespace(name.charAt(name.length() - 1))
                || name.toLowerCase(Locale.ROOT).startsWith(HIDDEN_COLUMN_PREFIX)) {
            throw ErrorCode.WRONG_COLUMN_NAME.exception(String.valueOf(name));
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isISOControl(c) || c == '/' || c == '`') {
                throw ErrorCode.WRONG_COLUMN_NAME.exception(name);
            }
        }
        if (name.length() > MAX_COLUMN_NAME_LENGTH) {
            throw ErrorCode.IDENTIFIER_TOO_LONG.exception(name);
        }
    }

    static boolean isCommonName(String name) {
        if (name == null || name.isEmpty() || !Character.isLetter(name.charAt(0))) {
            return false;
        }
        for (int i = 1; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!Character.isLetterOrDigit(c) && c != '_' && c != '-') {
                return false;
            }
        }
        return true;
    }
}
