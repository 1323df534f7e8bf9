package io.shoaldb.testing.tpc;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/** Creates the tables in DuckDB (the reference engine) and fills them from the same files as ShoalDB. */
public final class DuckDbLoader {
    private DuckDbLoader() {
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
