package io.shoaldb.server.session;

import io.shoaldb.sql.parser.SqlQuotes;
import io.shoaldb.common.error.ErrorCode;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds the {@code ?} placeholders of a statement text (outside strings, identifiers and comments) and
 * renders bound values back into it as SQL literals. Prepared statements other than INSERT use this:
 * they are rare and cheap to re-parse. Prepared INSERTs, the hot path, bind values without text.
 */
public final class ParameterText {
    private static final DateTimeFormatter DATETIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss[.SSSSSS]");
    private final String sql;
    private final int[] placeholderOffsets;

    private ParameterText(String sql, int[] placeholderOffsets) {
        this.sql = sql;
        this.placeholderOffsets = placeholderOffsets;
    }

    public static ParameterText scan(String sql) {
        List<Integer> offsets = new ArrayList<>();
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            int commentEnd;
            if (c == '\'' || c == '"' || c == '`') {
                i = SqlQuotes.end(sql, i, c);
            } else if ((commentEnd = SqlQuotes.commentEnd(sql, i)) >= 0) {
                i = commentEnd;
            } else {
                if (c == '?') {
                    offsets.add(i);
                }
                i++;
            }
        }
        return new ParameterText(sql, offsets.stream().mapToInt(Integer::intValue).toArray());
    }


    public int count() {
        return placeholderOffsets.length;
    }

    /** The statement with every placeholder replaced by its value as a literal. */
    public String bind(List<Object> values) {
        if (values.size() != placeholderOffsets.length) {
            throw ErrorCode.WRONG_PARAM_COUNT.exception("mysqld_stmt_execute", placeholderOffsets.length,
                    values.size());
        }
        StringBuilder out = new StringBuilder(sql.length() + 16 * values.size());
        int from = 0;
        for (int p = 0; p < placeholderOffsets.length; p++) {
            out.append(sql, from, placeholderOffsets[p]);
            appendLiteral(out, values.get(p));
            from = placeholderOffsets[p] + 1;
        }
        return out.append(sql, from, sql.length()).toString();
    }

    static void appendLiteral(StringBuilder out, Object value) {
        switch (value) {
            case null -> out.append("NULL");
            case Boolean b -> out.append(b ? "TRUE" : "FALSE");
            case BigDecimal d -> out.append(d.toPlainString());
            case Double d when d.isNaN() || d.isInfinite() -> throw ErrorCode.INVALID_VALUE.exception(
                    "parameter value " + d + " is not a number SQL can hold");
            case Float f when f.isNaN() || f.isInfinite() -> throw ErrorCode.INVALID_VALUE.exception(
                    "parameter value " + f + " is not a number SQL can hold");
            case Number number -> out.append(number);
            case LocalDateTime time -> appendQuoted(out, DATETIME.format(time));
            case byte[] bytes -> appendQuoted(out, new String(bytes, StandardCharsets.UTF_8));
            default -> appendQuoted(out, value.toString());
        }
    }

    private static void appendQuoted(StringBuilder out, String text) {
        out.append('\'');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\'' -> out.append("''");
                case '\\' -> out.append("\\\\");
                default -> out.append(c);
            }
        }
        out.append('\'');
    }
}
