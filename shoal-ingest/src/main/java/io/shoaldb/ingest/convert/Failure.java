package io.shoaldb.ingest.convert;

/** Why a value did not convert; decides whether strict mode, NULL-ing or truncation applies. */
public enum Failure {
    /** Not a value of the type (syntax, range, invalid date, invalid UTF-8, invalid JSON). */
    INVALID,
    /** A CHAR/VARCHAR value longer than the schema length in bytes. */
    TOO_LONG,
    /** A STRING/JSON value over Doris's per-value limit ({@code string_type_length_soft_limit_bytes}). */
    OVER_STRING_LIMIT
}
