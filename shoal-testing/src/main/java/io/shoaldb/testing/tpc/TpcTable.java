package io.shoaldb.testing.tpc;

import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * A TPC-H or TPC-DS table: its columns, how ShoalDB lays it out (duplicate key prefix, hash column, buckets)
 * and where its rows come from. It writes the DDL for both engines, so they can only differ in what the
 * dialects force.
 */
public record TpcTable(String name, List<TpcColumn> columns, List<String> duplicateKey, String hashColumn,
                       int buckets, RowSource rows) {

    /** Produces the rows of a table at a scale factor as {@code '|'}-separated lines, {@code \N} for NULL. */
    @FunctionalInterface
    public interface RowSource {
        void generate(double scale, Consumer<String> line);
    }

    /** Doris DDL as a user would write it for ShoalDB. */
    public String dorisDdl() {
        String cols = columns.stream()
                .map(c -> "  `" + c.name() + "` " + c.type() + (c.nullable() ? " NULL" : " NOT NULL"))
                .collect(Collectors.joining(",\n"));
        String key = duplicateKey.stream().map(k -> "`" + k + "`").collect(Collectors.joining(", "));
        return "CREATE TABLE `" + name + "` (\n" + cols + "\n) ENGINE=OLAP\nDUPLICATE KEY(" + key + ")\n"
                + "DISTRIBUTED BY HASH(`" + hashColumn + "`) BUCKETS " + buckets + "\n"
                + "PROPERTIES (\"replication_num\" = \"1\")";
    }

    /** The same table for DuckDB: same names and types, no storage layout. */
    public String duckDbDdl() {
        String cols = columns.stream()
                .map(c -> "  " + c.name() + " " + c.type() + (c.nullable() ? "" : " NOT NULL"))
                .collect(Collectors.joining(",\n"));
        return "CREATE TABLE " + name + " (\n" + cols + "\n)";
    }
}
