package io.shoaldb.ingest.convert;

/**
 * Row counts of a load, as the Stream Load reply and the INSERT OK packet report them.
 *
 * @param total every row read ({@code NumberTotalRows}), including filtered and unselected ones
 * @param loaded rows converted into batches ({@code NumberLoadedRows})
 * @param filtered rows rejected for data quality ({@code NumberFilteredRows})
 * @param unselected rows dropped by the {@code where} condition ({@code NumberUnselectedRows})
 */
public record LoadCounters(long total, long loaded, long filtered, long unselected) {
}
