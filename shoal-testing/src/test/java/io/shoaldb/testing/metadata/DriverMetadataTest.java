package io.shoaldb.testing.metadata;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.testing.TestServer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JDBC DatabaseMetaData through the two drivers people use: MySQL Connector/J answers it from SHOW statements
 * by default (SHOW DATABASES, SHOW FULL TABLES, SHOW FULL COLUMNS, SHOW KEYS, SHOW INDEX) and from
 * information_schema with {@code useInformationSchema=true}; MariaDB Connector/J always from information_schema.
 */
class DriverMetadataTest {
    @TempDir
    static Path dir;
    static TestServer server;

    @BeforeAll
    static void start() throws Exception {
        server = TestServer.start(dir);
        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE shop");
            s.execute("""
                    CREATE TABLE shop.orders (
                        id BIGINT NOT NULL COMMENT 'order number',
                        customer VARCHAR(40) NOT NULL,
                        amount DECIMAL(12,2) NULL,
                        placed DATETIME NULL
                    ) UNIQUE KEY(id, customer) COMMENT 'all orders'
                    DISTRIBUTED BY HASH(id) BUCKETS 2""");
            s.execute("CREATE TABLE shop.log (ts DATETIME NOT NULL, msg VARCHAR(200) NULL) DUPLICATE KEY(ts) "
                    + "DISTRIBUTED BY RANDOM BUCKETS 1");
            s.execute("INSERT INTO shop.orders VALUES (1, 'ann', 10.5, NULL), (2, 'bob', 3, NULL)");
        }
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static Connection mysql(String params) throws SQLException {
        return DriverManager.getConnection(server.jdbcUrl("shop", "sslMode=DISABLED&" + params), "root", "");
    }

    private static Connection mariadb() throws SQLException {
        return DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + server.port() + "/shop?sslMode=disable",
                "root", "");
    }

    @Test
    void connectorJListsCatalogsTablesColumnsAndKeys() throws SQLException {
        try (Connection c = mysql("")) {
            assertTablesAndKeys(c.getMetaData());
            assertColumns(c.getMetaData());
        }
    }

    /**
     * With useInformationSchema=true Connector/J reads information_schema with its own SQL: HAVING on select
     * aliases without GROUP BY, a column named CARDINALITY, {@code IS_NULLABLE COLLATE utf8mb4_general_ci = 'NO'}.
     */
    @Test
    void connectorJReadsInformationSchemaForTablesColumnsAndKeys() throws SQLException {
        try (Connection c = mysql("useInformationSchema=true")) {
            assertTablesAndKeys(c.getMetaData());
            assertColumns(c.getMetaData());
        }
    }

    /**
     * MariaDB Connector/J reads information_schema only; its getColumns query uses MySQL's LEAST, CONVERT(x, type)
     * and CAST(x AS SIGNED INTEGER).
     */
    @Test
    void mariaDbConnectorListsCatalogsTablesColumnsAndKeys() throws SQLException {
        try (Connection c = mariadb()) {
            assertTablesAndKeys(c.getMetaData());
            assertColumns(c.getMetaData());
        }
    }

    private static void assertTablesAndKeys(DatabaseMetaData meta) throws SQLException {
        assertThat(strings(meta.getCatalogs(), "TABLE_CAT")).contains("information_schema", "shop");
        assertThat(strings(meta.getTables("shop", null, "%", new String[] {"TABLE"}), "TABLE_NAME"))
                .containsExactly("log", "orders");
        try (ResultSet rs = meta.getPrimaryKeys("shop", null, "orders")) {
            List<String> key = new ArrayList<>();
            while (rs.next()) {
                key.add(rs.getInt("KEY_SEQ") + ":" + rs.getString("COLUMN_NAME"));
            }
            assertThat(key).containsExactlyInAnyOrder("1:id", "2:customer");
        }
        assertThat(strings(meta.getPrimaryKeys("shop", null, "log"), "COLUMN_NAME")).isEmpty();
        try (ResultSet rs = meta.getIndexInfo("shop", null, "orders", false, false)) {
            List<String> index = new ArrayList<>();
            while (rs.next()) {
                index.add(rs.getString("INDEX_NAME") + " " + rs.getBoolean("NON_UNIQUE") + " "
                        + rs.getInt("ORDINAL_POSITION") + " " + rs.getString("COLUMN_NAME"));
            }
            assertThat(index).containsExactlyInAnyOrder("PRIMARY false 1 id", "PRIMARY false 2 customer");
        }
    }

    private static void assertColumns(DatabaseMetaData meta) throws SQLException {
        try (ResultSet rs = meta.getColumns("shop", null, "orders", "%")) {
            List<String> columns = new ArrayList<>();
            while (rs.next()) {
                columns.add(rs.getString("COLUMN_NAME") + " " + rs.getInt("DATA_TYPE") + " "
                        + rs.getInt("ORDINAL_POSITION") + " " + rs.getString("IS_NULLABLE"));
                if (rs.getString("COLUMN_NAME").equals("customer")) {
                    assertThat(rs.getInt("COLUMN_SIZE")).isEqualTo(40);
                }
                if (rs.getString("COLUMN_NAME").equals("amount")) {
                    assertThat(rs.getInt("COLUMN_SIZE")).isEqualTo(12);
                    assertThat(rs.getInt("DECIMAL_DIGITS")).isEqualTo(2);
                }
                if (rs.getString("COLUMN_NAME").equals("id")) {
                    assertThat(rs.getString("REMARKS")).isEqualTo("order number");
                }
            }
            assertThat(columns).containsExactly("id " + Types.BIGINT + " 1 NO", "customer " + Types.VARCHAR + " 2 NO",
                    "amount " + Types.DECIMAL + " 3 YES", "placed " + Types.TIMESTAMP + " 4 YES");
        }
    }

    @Test
    void showTableStatusReportsRowsAndComment() throws SQLException {
        try (Connection c = mysql(""); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SHOW TABLE STATUS FROM shop LIKE 'ord%'")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString("Name")).isEqualTo("orders");
            assertThat(rs.getString("Engine")).isEqualTo("OLAP");
            assertThat(rs.getLong("Rows")).isEqualTo(2);
            assertThat(rs.getLong("Data_length")).isPositive();
            assertThat(rs.getString("Create_time")).isNotBlank();
            assertThat(rs.getString("Comment")).isEqualTo("all orders");
            assertThat(rs.next()).isFalse();
        }
    }

    @Test
    void tableWithoutPropertiesPrintsDorisPropertiesAndTheTextRecreatesIt() throws SQLException {
        try (Connection c = mysql(""); Statement s = c.createStatement()) {
            String original = showCreate(s, "shop.log");
            assertThat(original).endsWith("""
                    PROPERTIES (
                    "replication_allocation" = "tag.location.default: 1",
                    "storage_format" = "V2",
                    "light_schema_change" = "true",
                    "group_commit_interval_ms" = "10000",
                    "group_commit_data_bytes" = "67108864"
                    )""");
            s.execute("CREATE DATABASE copies");
            s.execute("USE copies");
            s.execute(original);
            assertThat(showCreate(s, "copies.log")).isEqualTo(original);
        }
    }

    private static String showCreate(Statement s, String table) throws SQLException {
        try (ResultSet rs = s.executeQuery("SHOW CREATE TABLE " + table)) {
            assertThat(rs.next()).isTrue();
            return rs.getString(2);
        }
    }

    private static List<String> strings(ResultSet rs, String column) throws SQLException {
        try (rs) {
            List<String> out = new ArrayList<>();
            while (rs.next()) {
                out.add(rs.getString(column));
            }
            return out;
        }
    }
}
