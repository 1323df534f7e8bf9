package io.shoaldb.testing.tpc;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Puts the same generated data into ShoalDB (Stream Load) and DuckDB (COPY): the TPC-H tables, and the TPC-DS
 * tables when asked. Checks that both hold the same number of rows per table.
 */
public final class TpcLoad {
    /** A table of this many files or more reports its ShoalDB load every this many files (SF10 lineitem: 60). */
    private static final int PROGRESS_FILES = 10;

    private TpcLoad() {
    }

    /** The tables the queries read: TPC-H's eight, plus TPC-DS Q3's three when {@code tpcds}. */
    public static List<TpcTable> tables(boolean tpcds) {
        List<TpcTable> tables = new ArrayList<>(TpchTables.all());
        if (tpcds) {
            tables.addAll(TpcdsTables.all());
        }
        return tables;
    }

    /**
     * Generates (first time only) and loads every table into both engines.
     *
     * @param shoal    a connection to ShoalDB; the tables are created in {@code database}
     * @param httpBase ShoalDB's Stream Load address, {@code http://127.0.0.1:<http_port>}
     * @param duckdb   a DuckDB connection; the tables are created in its current schema
     * @param log      progress lines (generation and load times per table)
     */
    public static void loadAll(Path cacheDir, double scale, List<TpcTable> tables, Connection shoal, String httpBase,
                               String database, Connection duckdb, java.util.function.Consumer<String> log)
            throws SQLException, IOException, InterruptedException {
        ShoalLoader loader = new ShoalLoader(httpBase);
        for (TpcTable table : tables) {
            long t0 = System.nanoTime();
            List<Path> files = TpcDataFiles.files(cacheDir, scale, table);
            long t1 = System.nanoTime();
            long shoalRows = loader.createAndLoad(shoal, database, table, files, (done, rows) -> {
                if (files.size() >= PROGRESS_FILES && done % PROGRESS_FILES == 0 && done < files.size()) {
                    log.accept(String.format("%-12s ShoalDB %d of %d files, %,d rows, %.1f s", table.name(), done,
                            files.size(), rows, (System.nanoTime() - t1) / 1e9));
                }
            });
            long t2 = System.nanoTime();
            long duckRows = DuckDbLoader.createAndLoad(duckdb, table, files);
            long t3 = System.nanoTime();
            if (shoalRows != duckRows) {
                throw new IllegalStateException(table.name() + ": ShoalDB loaded " + shoalRows + " rows, DuckDB "
                        + duckRows);
            }
            log.accept(String.format("%-12s %,10d rows  data %5.1f s  ShoalDB load %5.1f s  DuckDB load %5.1f s",
                    table.name(), shoalRows, (t1 - t0) / 1e9, (t2 - t1) / 1e9, (t3 - t2) / 1e9));
        }
    }
}
