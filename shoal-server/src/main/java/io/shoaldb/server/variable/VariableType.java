package io.shoaldb.server.variable;

/** How a variable's text is validated, normalised and shown. */
public enum VariableType {
    /** MySQL's own switches (autocommit): shown as ON/OFF, selected as 1/0. */
    ON_OFF,
    /** Doris's switches (enable_insert_strict): shown as true/false, selected as 1/0. */
    BOOLEAN,
    /** A 64-bit integer within the definition's bounds. */
    INTEGER,
    /** A floating-point number within the definition's bounds. */
    DOUBLE,
    /** Any text. */
    STRING,
    /** One of a fixed set of words, matched case-insensitively, stored in its canonical spelling. */
    ENUM
}
