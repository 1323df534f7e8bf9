package io.shoaldb.ingest.convert;

import java.nio.charset.StandardCharsets;

/**
 * The reason texts of filtered rows, worded as Doris's BE writes them to the error log, so that users' log
 * scrapers and searches keep working. Built only for rejected rows, never on the success path.
 */
public final class Reasons {
    private Reasons() {
    }

    /** Strict mode: a non-null input that did not convert (Doris's file scanner). */
    public static String incorrectValue(String column, boolean strictMode, String source) {
        return "column(" + column + ") value is incorrect while strict mode is " + strictMode + ", src value is " + source;
    }

    /** A NULL (given, or from a failed non-strict conversion) for a NOT NULL column. */
    public static String nullForNotNull(String column) {
        return "column(" + column + ") values is null while columns is not nullable";
    }

    /** CHAR/VARCHAR over the schema length (Doris's table sink validation; lengths in bytes). */
    public static String tooLong(String column, byte[] b, int off, int len, long schemaLength) {
        return "column_name[" + column + "], the length of input is too long than schema. first 32 bytes of input str: ["
                + prefix(b, off, len, 32) + "] schema length: " + schemaLength + "; actual length: " + len + "; ";
    }

    /** STRING/JSON over Doris's {@code string_type_length_soft_limit_bytes}. */
    public static String overStringLimit(String column, byte[] b, int off, int len, long limit) {
        return "column_name[" + column + "], the length of input string is too long than vec schema. first 32 bytes of"
                + " input str: [" + prefix(b, off, len, 32) + "] schema length: " + limit + "; actual length: " + len + "; ";
    }

    /** A NOT NULL column without a default that the load does not feed (Doris's planner error text). */
    public static String noDefault(String column) {
        return "Column has no default value. column: " + column;
    }

    /** A JSON load row lacking the key of a NOT NULL column (Doris's JSON reader). */
    public static String notFoundInJson(String column) {
        return "The column `" + column + "` is not nullable, but it's not found in jsondata.";
    }

    /** Doris's CSV reader for a line that is not UTF-8. */
    public static final String INVALID_UTF8_LINE = "Invalid file encoding: all CSV files must be UTF-8 encoded";

    /** The first {@code max} bytes as text (invalid UTF-8 is replaced, never thrown). */
    static String prefix(byte[] b, int off, int len, int max) {
        return new String(b, off, Math.min(len, max), StandardCharsets.UTF_8);
    }
}
