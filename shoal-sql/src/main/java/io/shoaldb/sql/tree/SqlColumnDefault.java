package io.shoaldb.sql.tree;

import org.apache.calcite.sql.SqlWriter;

/**
 * A column's DEFAULT. {@code literal} is the value's text without quotes ("0", "-1.5", "abc",
 * "true"), left for the catalog to convert to the column's type; it is null unless kind is LITERAL.
 */
public record SqlColumnDefault(Kind kind, String literal) {
    /** What the DEFAULT clause holds. */
    public enum Kind {
        LITERAL,
        NULL,
        CURRENT_TIMESTAMP
    }

    private static final SqlColumnDefault NULL_VALUE = new SqlColumnDefault(Kind.NULL, null);
    private static final SqlColumnDefault NOW = new SqlColumnDefault(Kind.CURRENT_TIMESTAMP, null);

    public static SqlColumnDefault literal(String text) {
        return new SqlColumnDefault(Kind.LITERAL, text);
    }

    public static SqlColumnDefault nullValue() {
        return NULL_VALUE;
    }

    public static SqlColumnDefault currentTimestamp() {
        return NOW;
    }

    void unparse(SqlWriter w) {
        w.keyword("DEFAULT");
        switch (kind) {
            case NULL -> w.keyword("NULL");
            case CURRENT_TIMESTAMP -> w.keyword("CURRENT_TIMESTAMP");
            case LITERAL -> Unparsing.string(w, literal);
        }
    }
}
