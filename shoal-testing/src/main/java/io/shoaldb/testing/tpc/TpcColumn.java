package io.shoaldb.testing.tpc;

/** One column of a benchmark table; {@code type} is written as both Doris and DuckDB accept it. */
public record TpcColumn(String name, String type, boolean nullable) {
    static TpcColumn notNull(String name, String type) {
        return new TpcColumn(name, type, false);
    }
}
