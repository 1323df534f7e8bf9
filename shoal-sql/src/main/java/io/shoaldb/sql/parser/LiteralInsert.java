package io.shoaldb.sql.parser;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A recognised {@code INSERT INTO [db.]t [(c, ...)] VALUES (literal, ...), ...} (see {@link LiteralInsertScanner}):
 * the target, the column list and every value as a kind plus a range of the statement text. No parse tree and
 * no object per value is built; a value becomes an object only when it is read ({@link #stringBytes},
 * {@link #longValue}, {@link #numberText}).
 */
public final class LiteralInsert {
    /** What a value is; its text range means what the kind says. */
    public enum Kind {
        NULL,
        TRUE,
        FALSE,
        /** A decimal integer without point or exponent that fits a signed 64-bit value: {@link #longValue}. */
        INTEGER,
        /** Any other exact number (a point, or too big for 64 bits): {@link #numberText}. */
        EXACT,
        /** A number with an exponent: {@link #numberText}. */
        APPROX,
        /** A quoted string without escapes: the text between the quotes. */
        STRING,
        /** A quoted string with doubled quotes or backslash escapes: decoded by {@link #stringText}. */
        ESCAPED_STRING,
        /** A {@code ?} placeholder: {@link #parameterIndex}. */
        PARAMETER
    }

    private static final Kind[] KINDS = Kind.values();

    private final String sql;
    private final String database;
    private final String table;
    private final List<String> columns;
    private final int[] rowStarts;
    private final byte[] kinds;
    private final int[] starts;
    private final int[] ends;
    private final long[] longs;
    private final int parameterCount;

    LiteralInsert(String sql, String database, String table, List<String> columns, int[] rowStarts, byte[] kinds,
            int[] starts, int[] ends, long[] longs, int parameterCount) {
        this.sql = sql;
        this.database = database;
        this.table = table;
        this.columns = columns;
        this.rowStarts = rowStarts;
        this.kinds = kinds;
        this.starts = starts;
        this.ends = ends;
        this.longs = longs;
        this.parameterCount = parameterCount;
    }

    /** The database named before the table, or null. */
    public String database() {
        return database;
    }

    public String table() {
        return table;
    }

    /** The column list, or null when the statement has none (all columns in table order). */
    public List<String> columns() {
        return columns;
    }

    public int rowCount() {
        return rowStarts.length - 1;
    }

    /** Values in all rows. */
    public int valueCount() {
        return rowStarts[rowStarts.length - 1];
    }

    /** Values in row {@code row} (rows may differ; the caller reports a wrong count). */
    public int rowWidth(int row) {
        return rowStarts[row + 1] - rowStarts[row];
    }

    /** The index of value {@code column} of row {@code row} among all values, for the accessors below. */
    public int valueIndex(int row, int column) {
        return rowStarts[row] + column;
    }

    public Kind kind(int value) {
        return KINDS[kinds[value]];
    }

    /** The number of {@code ?} placeholders. */
    public int parameterCount() {
        return parameterCount;
    }

    /** The value of an INTEGER. */
    public long longValue(int value) {
        return longs[value];
    }

    /** The 0-based position of a PARAMETER among the statement's placeholders. */
    public int parameterIndex(int value) {
        return (int) longs[value];
    }

    /** The text of a number as the full parser's literal has it (a leading {@code +} dropped). */
    public String numberText(int value) {
        return sql.substring(starts[value], ends[value]);
    }

    /**
     * The literal node the full parser makes for a value: for the rare values whose meaning the caller takes
     * from the expression evaluator (numbers with a point or an exponent), so both paths agree exactly.
     */
    public org.apache.calcite.sql.SqlNode literalNode(int value) {
        return LiteralInsertParser.literal(this, value);
    }

    /** A string value, decoded (MySQL's escapes; {@code \%} and {@code \_} keep their backslash). */
    public String stringText(int value) {
        if (kind(value) == Kind.STRING) {
            return sql.substring(starts[value], ends[value]);
        }
        return LiteralInsertScanner.unescape(sql, starts[value], ends[value]);
    }

    /** A string value's UTF-8 bytes, without a String in between when it is plain ASCII. */
    public byte[] stringBytes(int value) {
        int start = starts[value];
        int end = ends[value];
        if (kind(value) == Kind.STRING) {
            byte[] out = new byte[end - start];
            for (int i = start; i < end; i++) {
                char c = sql.charAt(i);
                if (c >= 0x80) {
                    return sql.substring(start, end).getBytes(StandardCharsets.UTF_8);
                }
                out[i - start] = (byte) c;
            }
            return out;
        }
        return stringText(value).getBytes(StandardCharsets.UTF_8);
    }
}
