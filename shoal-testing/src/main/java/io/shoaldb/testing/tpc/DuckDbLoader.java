package io.shoaldb.testing.tpc;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/** Creates the tables in DuckDB (the reference engine) and fills them from the same files as ShoalDB. */
public final class DuckDbLoader {
    private DuckDbLoader() {
    }

    /**
     * An in-memory DuckDB that orders like Doris/MySQL: NULL is the smallest value (first ascending, last
     * descending; DuckDB's default puts NULLs last either way), so ORDER BY results compare row for row.
     */
    public static Connection open(int threads) throws SQLException {
        return open(threads, null, null, false);
    }

    /**
     * As {@link #open(int)}, with DuckDB's {@code memory_limit} (e.g. {@code 1GB}; null = DuckDB's default of 80%
     * of RAM) and, when {@code workDir} is given, a database file and {@code temp_directory} under it (both made
     * new), so that DuckDB keeps its tables on disk and spills what does not fit under the limit, as a server
     * with a bounded memory does; {@code reuse} opens the database file an earlier run left there as it is.
     */
    public static Connection open(int threads, String memoryLimit, Path workDir, boolean reuse) throws SQLException {
        String url = "jdbc:duckdb:";
        if (workDir != null) {
            Path file = workDir.resolve("tpc.duckdb");
            try {
                Files.createDirectories(workDir);
                if (reuse && !Files.exists(file)) {
                    throw new IllegalArgumentException("no DuckDB database to reuse in " + workDir);
                }
                if (!reuse) {
                    Files.deleteIfExists(file);
                    Files.deleteIfExists(workDir.resolve("tpc.duckdb.wal"));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            url += file.toAbsolutePath();
        }
        Connection duckdb = DriverManager.getConnection(url);
        try (Statement s = duckdb.createStatement()) {
            s.execute("SET threads = " + threads);
            s.execute("SET default_null_order = 'nulls_first_on_asc_last_on_desc'");
            if (memoryLimit != null) {
                s.execute("SET memory_limit = '" + memoryLimit.replace("'", "''") + "'");
            }
            if (workDir != null) {
                s.execute("SET temp_directory = '" + workDir.resolve("tmp").toAbsolutePath().toString()
                        .replace("'", "''") + "'");
            }
        } catch (SQLException e) {
            duckdb.close();
            throw e;
        }
        return duckdb;
    }

    /** Returns the rows in the table after loading. */
    public static long createAndLoad(Connection duckdb, TpcTable table, List<Path> files) throws SQLException {
        try (Statement s = duckdb.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + table.name());
            s.execute(table.duckDbDdl());
            for (Path file : files) {
                // The text is dbgen's: '|' between fields, no quoting, \N for NULL (what Stream Load reads).
                s.execute("COPY " + table.name() + " FROM '" + file.toAbsolutePath().toString().replace("'", "''")
                        + "' (FORMAT csv, DELIMITER '|', HEADER false, QUOTE '', ESCAPE '', NULL '\\N')");
            }
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM " + table.name())) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }
}
