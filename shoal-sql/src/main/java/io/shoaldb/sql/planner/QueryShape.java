package io.shoaldb.sql.planner;

import io.shoaldb.sql.parser.SqlQuotes;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * A statement text with its plain literals taken out: unsigned exact numbers ({@code 42}, {@code 1.50}) and
 * single-quoted strings without escapes become {@code ?} in {@link #text()}, and each keeps its text, its place
 * (line and column, as the parser reports them) and the type Calcite gives it. Statements that differ only in such
 * literals of the same types, equal to each other in the same places, have the same {@link #key()}, which is what
 * lets a plan be reused for new values without parsing (a plan may rely on two literals being equal: the planner
 * gives them one parameter). Everything else (identifiers, comments, {@code "..."}, escaped or prefixed strings, numbers with
 * an exponent) stays verbatim in the text.
 */
public final class QueryShape {
    private static final RelDataTypeFactory TYPES = new JavaTypeFactoryImpl(ShoalTypeSystem.INSTANCE);

    /** One literal taken out of the text: {@code value} is a BigDecimal (numbers) or a String (strings). */
    public record Literal(int line, int column, Object value, String type) {
    }

    private final String text;
    private final List<Literal> literals;
    private final String key;
    /** Per literal: the first literal with the same value and type. */
    private final int[] firstEqual;

    private QueryShape(String text, List<Literal> literals) {
        this.text = text;
        this.literals = List.copyOf(literals);
        this.firstEqual = new int[literals.size()];
        Map<List<Object>, Integer> firsts = new HashMap<>();
        StringBuilder k = new StringBuilder(text);
        for (int i = 0; i < literals.size(); i++) {
            Literal l = literals.get(i);
            k.append('\0').append(l.type());
            Integer first = firsts.putIfAbsent(List.of(l.value(), l.type()), i);
            firstEqual[i] = first == null ? i : first;
            if (first != null) {
                k.append('=').append(first);
            }
        }
        this.key = k.toString();
    }

    public String text() {
        return text;
    }

    public List<Literal> literals() {
        return literals;
    }

    /**
     * The text with its literals' types and which of them are equal: equal keys mean the same statement but for
     * literal values, with the same literals equal to each other.
     */
    public String key() {
        return key;
    }

    /** The first literal with the same value and type as literal {@code i} ({@code i} itself when none before it). */
    public int firstEqual(int i) {
        return firstEqual[i];
    }

    public static QueryShape of(String sql) {
        StringBuilder out = new StringBuilder(sql.length());
        List<Literal> literals = new ArrayList<>();
        int n = sql.length();
        int i = 0;
        int line = 1;
        int lineStart = 0;
        while (i < n) {
            char c = sql.charAt(i);
            int end;
            if (c == '\'' && !(i > 0 && isWordChar(sql.charAt(i - 1)))) {
                end = SqlQuotes.end(sql, i, '\'');
                String body = sql.substring(i + 1, Math.max(i + 1, end - 1));
                if (end - 1 > i && sql.charAt(end - 1) == '\'' && body.indexOf('\\') < 0 && body.indexOf('\'') < 0
                        && body.indexOf('\n') < 0) {
                    literals.add(new Literal(line, i - lineStart + 1, body, stringType(body)));
                    out.append('?');
                    i = end;
                    continue;
                }
            } else if (c == '\'' || c == '"' || c == '`') {
                end = SqlQuotes.end(sql, i, c);
            } else if (c == '#' || (c == '-' && i + 2 < n && sql.charAt(i + 1) == '-'
                    && Character.isWhitespace(sql.charAt(i + 2)))) {
                int eol = sql.indexOf('\n', i);
                end = eol < 0 ? n : eol;
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                int close = sql.indexOf("*/", i + 2);
                end = close < 0 ? n : close + 2;
            } else if (isDigit(c) && !(i > 0 && (isWordChar(sql.charAt(i - 1)) || sql.charAt(i - 1) == '.'))) {
                end = i;
                while (end < n && isDigit(sql.charAt(end))) {
                    end++;
                }
                if (end + 1 < n && sql.charAt(end) == '.' && isDigit(sql.charAt(end + 1))) {
                    end++;
                    while (end < n && isDigit(sql.charAt(end))) {
                        end++;
                    }
                }
                boolean plain = end >= n || !(isWordChar(sql.charAt(end)) || sql.charAt(end) == '.');
                if (plain) {
                    String number = sql.substring(i, end);
                    literals.add(new Literal(line, i - lineStart + 1, new BigDecimal(number), numberType(number)));
                    out.append('?');
                    i = end;
                    continue;
                }
            } else if (isWordChar(c)) {
                end = i;
                while (end < n && isWordChar(sql.charAt(end))) {
                    end++;
                }
            } else {
                end = i + 1;
            }
            for (int j = i; j < end && j < n; j++) {
                if (sql.charAt(j) == '\n') {
                    line++;
                    lineStart = j + 1;
                }
            }
            out.append(sql, i, Math.min(end, n));
            i = end;
        }
        return new QueryShape(out.toString(), literals);
    }


    private static String numberType(String number) {
        return SqlLiteral.createExactNumeric(number, SqlParserPos.ZERO).createSqlType(TYPES).getFullTypeString();
    }

    private static String stringType(String body) {
        return SqlLiteral.createCharString(body, SqlParserPos.ZERO).createSqlType(TYPES).getFullTypeString();
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }
}
