package io.shoaldb.ingest.convert;

/**
 * How a failed value conversion is treated. Doris's two load paths differ only in string truncation:
 * <ul>
 *   <li>Conversion failure (e.g. {@code abc} into INT, {@code 2024-02-30} into DATE): in strict mode the row is
 *       filtered ({@code column(c) value is incorrect while strict mode is true, src value is abc}); otherwise the
 *       value becomes NULL, and a NOT NULL column then filters the row
 *       ({@code column(c) values is null while columns is not nullable}). Same for Stream Load and INSERT.</li>
 *   <li>CHAR/VARCHAR longer than the schema (bytes): Stream Load filters the row whatever strict mode says (Doris
 *       checks it in the table sink, after conversion). INSERT with {@code enable_insert_strict=false} truncates
 *       at a character boundary, like MySQL's non-strict mode and Doris's Nereids cast to varchar(n); strict INSERT
 *       filters the row (so the statement fails with "Insert has filtered data in strict mode").</li>
 * </ul>
 *
 * @param strictMode Doris's {@code strict_mode} header or {@code enable_insert_strict}
 * @param truncateLongStrings cut over-long CHAR/VARCHAR values instead of filtering the row
 */
public record ConversionPolicy(boolean strictMode, boolean truncateLongStrings) {
    /** Stream Load: {@code strict_mode} header; over-long strings are always filtered. */
    public static ConversionPolicy streamLoad(boolean strictMode) {
        return new ConversionPolicy(strictMode, false);
    }

    /** INSERT: {@code enable_insert_strict}; non-strict inserts truncate over-long strings. */
    public static ConversionPolicy insert(boolean enableInsertStrict) {
        return new ConversionPolicy(enableInsertStrict, !enableInsertStrict);
    }
}
