package io.shoaldb.testing.tpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.objectstore.testing.S3TestServer;
import io.shoaldb.testing.ServerProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The TPC-H tables in a storage vault (the default vault, on an S3-compatible server started here): loaded, the
 * server stopped, its whole file cache deleted, started again; every TPC-H query then reads its segments from the
 * bucket and must answer as DuckDB does on the same data (the TPC-H queries and the harness's other queries over
 * the TPC-H tables). {@code -Dtpch.scale} (default 0.1) and
 * {@code -Dtpc.data.dir} as for {@link TpcQueriesTest}.
 */
class VaultTpchTest {
    private static final double SCALE = Double.parseDouble(System.getProperty("tpch.scale", "0.1"));
    private static final Path CACHE = Path.of(System.getProperty("tpc.data.dir", "target/tpc-data"));
    private static final String DB = "tpc";

    @TempDir
    Path dir;

    @Test
    void everyQueryMatchesDuckDbAfterTheFileCacheIsDeleted() throws Exception {
        Path home = dir.resolve("shoal");
        List<String> jvm = List.of("-Xmx1g");
        try (S3TestServer s3 = S3TestServer.start(Files.createDirectories(dir.resolve("s3")), "shoal");
             Connection duckdb = DuckDbLoader.open(2)) {
            try (ServerProcess server = ServerProcess.start(home, jvm);
                 Connection shoal = connect(server); Statement st = shoal.createStatement()) {
                st.execute("CREATE STORAGE VAULT v PROPERTIES (\"type\" = \"S3\", \"s3.endpoint\" = \"127.0.0.1:"
                        + s3.port() + "\", \"s3.region\" = \"" + S3TestServer.REGION + "\", \"s3.bucket\" = \"shoal\","
                        + " \"s3.root.path\" = \"tpch\", \"s3.access_key\" = \"" + S3TestServer.ACCESS_KEY + "\","
                        + " \"s3.secret_key\" = \"" + S3TestServer.SECRET_KEY + "\", \"provider\" = \"S3\","
                        + " \"use_path_style\" = \"true\")");
                st.execute("SET v AS DEFAULT STORAGE VAULT");
                TpcLoad.loadAll(CACHE, SCALE, TpcLoad.tables(false), shoal, "http://127.0.0.1:" + server.httpPort(), DB,
                        duckdb, line -> System.out.println("[vault tpc sf" + SCALE + "] " + line));
                try (ResultSet rs = st.executeQuery("SHOW CREATE TABLE " + DB + ".lineitem")) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getString(2)).contains("\"storage_vault_name\" = \"v\"");
                }
                assertThat(server.terminate()).isEqualTo(143);
            }
            deleteTree(home.resolve("data").resolve("file_cache"));
            try (ServerProcess server = ServerProcess.start(home, jvm); Connection shoal = connect(server)) {
                List<String> failures = new ArrayList<>();
                for (TpcQuery q : TpcQueries.all().stream().filter(q -> !q.isTpcds()).toList()) {
                    QueryResult expected = run(duckdb, q.duckDbSql());
                    long t0 = System.nanoTime();
                    QueryResult actual;
                    try {
                        actual = run(shoal, q.sql());
                    } catch (SQLException e) {
                        failures.add(q.name() + " failed: " + e.getErrorCode() + " " + e.getMessage());
                        continue;
                    }
                    String diff = ResultComparison.diff(expected, actual, q.orderColumns(expected.labels()),
                            q.duckDbSqlWithoutLimit() == null ? null : () -> {
                                try {
                                    return run(duckdb, q.duckDbSqlWithoutLimit());
                                } catch (SQLException e) {
                                    throw new IllegalStateException(e);
                                }
                            });
                    if (diff != null) {
                        failures.add(q.name() + " differs from DuckDB:\n" + diff);
                    }
                    System.out.println("[vault tpc sf" + SCALE + "] " + q.name() + " " + (diff == null ? "matches" : "DIFFERS")
                            + ", ShoalDB " + (System.nanoTime() - t0) / 1_000_000 + " ms");
                }
                assertThat(failures).isEmpty();
            }
        }
    }

    private static Connection connect(ServerProcess server) throws SQLException {
        return DriverManager.getConnection(server.jdbcUrl(null, "socketTimeout=300000"), "root", "");
    }

    private static QueryResult run(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            if (!c.getMetaData().getDatabaseProductName().toLowerCase(java.util.Locale.ROOT).contains("duckdb")) {
                s.execute("USE " + DB);
            }
            try (ResultSet rs = s.executeQuery(sql)) {
                return QueryResult.read(rs);
            }
        }
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
