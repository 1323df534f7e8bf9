package io.shoaldb.exec;

import io.shoaldb.catalog.model.ColumnDefinition;
import io.shoaldb.catalog.model.KeysType;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.type.DataType;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;

/**
 * The {@link LineitemRows} table loaded both into our storage (several loads, so several rowsets per tablet)
 * and into DuckDB (through a CSV file).
 */
final class Lineitem {
    static final List<ColumnDefinition> COLUMNS = LineitemRows.COLUMNS;

    private Lineitem() {
    }

    static List<Object[]> generate(int rows, long seed) {
        return LineitemRows.generate(rows, seed);
    }

    static void create(TestDatabase db, int buckets) {
        db.create("lineitem", KeysType.DUPLICATE, List.of("l_orderkey", "l_linenumber"), COLUMNS, buckets);
    }

    /** Loads the rows into storage in {@code loads} transactions. */
    static void load(TestDatabase db, List<Object[]> rows, int loads) {
        List<DataType> types = COLUMNS.stream().map(ColumnDefinition::type).toList();
        int per = (rows.size() + loads - 1) / loads;
        for (int from = 0; from < rows.size(); from += per) {
            BatchBuilder b = new BatchBuilder(types, per);
            for (Object[] row : rows.subList(from, Math.min(rows.size(), from + per))) {
                b.appendRow(row);
            }
            db.load("lineitem", b.build());
        }
    }

    static void loadDuckDb(Connection duck, List<Object[]> rows, Path dir) throws IOException, java.sql.SQLException {
        Path csv = dir.resolve("lineitem.csv");
        try (BufferedWriter w = Files.newBufferedWriter(csv)) {
            for (Object[] row : rows) {
                w.write(LineitemRows.csvLine(row));
                w.write('\n');
            }
        }
        try (Statement s = duck.createStatement()) {
            s.execute(LineitemRows.DUCKDB_DDL);
            s.execute("COPY lineitem FROM '" + csv + "' (FORMAT csv, HEADER false, NULLSTR '\\N', QUOTE '\"')");
            s.execute("SET default_null_order = 'nulls_first_on_asc_last_on_desc'");
        }
    }
}
