package io.shoaldb.catalog.model;

import java.util.Objects;

/**
 * A column's DEFAULT clause. {@code literal} is the text as written (validated against the column type
 * when the column is created) and is null unless {@code kind} is {@link Kind#LITERAL}.
 */
public record ColumnDefault(Kind kind, String literal) {
    public enum Kind {
        LITERAL,
        NULL,
        CURRENT_TIMESTAMP
    }

    public static final ColumnDefault NULL = new ColumnDefault(Kind.NULL, null);
    public static final ColumnDefault CURRENT_TIMESTAMP = new ColumnDefault(Kind.CURRENT_TIMESTAMP, null);

    public ColumnDefault {
        Objects.requireNonNull(kind, "kind");
        if ((kind == Kind.LITERAL) != (literal != null)) {
            throw new IllegalArgumentException("a literal default needs its text, other kinds none");
        }
    }

    public static ColumnDefault literal(String text) {
        return new ColumnDefault(Kind.LITERAL, text);
    }
}
