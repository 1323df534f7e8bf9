package io.shoaldb.testing.streamload;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.testing.TestServer;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Stream Load issue's workflow end to end: TPC-DS-like rows of three tables arrive as raw JSON
 * documents with a {@code table_name} field, are Stream-Loaded whole into a JSON column, and typed tables
 * are carved out with {@code INSERT INTO t SELECT get_json_...(doc, ...) FROM raw WHERE table_name = ...}.
 * DuckDB computes the same typed rows from the same documents with its own JSON functions; both must agree.
 */
class RawJsonCarvingTest {
    private static final String DB = "tpcds";

    @TempDir
    Path dir;

    /** One typed table: its DDL, our carving SELECT list, DuckDB's, and the order to compare rows in. */
    private record Carve(String table, String ddl, String shoalSelect, String duckSelect, String orderBy) {
    }

    private static final List<Carve> CARVES = List.of(
            new Carve("store_sales", """
                    CREATE TABLE store_sales (ss_item_sk BIGINT NOT NULL, ss_ticket_number BIGINT NOT NULL,
                      ss_sold_date_sk BIGINT NULL, ss_quantity INT NULL, ss_sales_price DECIMAL(7,2) NULL,
                      ss_net_profit DOUBLE NULL)
                    DUPLICATE KEY(ss_item_sk, ss_ticket_number) DISTRIBUTED BY HASH(ss_item_sk) BUCKETS 4""",
                    "get_json_bigint(doc, '$.ss_item_sk'), get_json_bigint(doc, '$.ss_ticket_number'),"
                            + " get_json_bigint(doc, '$.ss_sold_date_sk'), get_json_int(doc, '$.ss_quantity'),"
                            + " get_json_string(doc, '$.ss_sales_price'), get_json_double(doc, '$.ss_net_profit')",
                    "CAST(json_extract_string(doc, '$.ss_item_sk') AS BIGINT) AS ss_item_sk,"
                            + " CAST(json_extract_string(doc, '$.ss_ticket_number') AS BIGINT) AS ss_ticket_number,"
                            + " CAST(json_extract_string(doc, '$.ss_sold_date_sk') AS BIGINT) AS ss_sold_date_sk,"
                            + " CAST(json_extract_string(doc, '$.ss_quantity') AS INTEGER) AS ss_quantity,"
                            + " CAST(json_extract_string(doc, '$.ss_sales_price') AS DECIMAL(7,2)) AS ss_sales_price,"
                            + " CAST(json_extract_string(doc, '$.ss_net_profit') AS DOUBLE) AS ss_net_profit",
                    "1, 2"),
            new Carve("item", """
                    CREATE TABLE item (i_item_sk BIGINT NOT NULL, i_item_id CHAR(16) NULL, i_category VARCHAR(50) NULL,
                      i_current_price DECIMAL(7,2) NULL)
                    DUPLICATE KEY(i_item_sk) DISTRIBUTED BY HASH(i_item_sk) BUCKETS 2""",
                    "get_json_bigint(doc, '$.i_item_sk'), get_json_string(doc, '$.i_item_id'),"
                            + " get_json_string(doc, '$.i_category'), get_json_string(doc, '$.i_current_price')",
                    "CAST(json_extract_string(doc, '$.i_item_sk') AS BIGINT), json_extract_string(doc, '$.i_item_id'),"
                            + " json_extract_string(doc, '$.i_category'),"
                            + " CAST(json_extract_string(doc, '$.i_current_price') AS DECIMAL(7,2))",
                    "1"),
            new Carve("date_dim", """
                    CREATE TABLE date_dim (d_date_sk BIGINT NOT NULL, d_date DATE NULL, d_year INT NULL,
                      d_day_name VARCHAR(9) NULL)
                    DUPLICATE KEY(d_date_sk) DISTRIBUTED BY HASH(d_date_sk) BUCKETS 1""",
                    "get_json_bigint(doc, '$.d_date_sk'), get_json_string(doc, '$.d_date'),"
                            + " get_json_int(doc, '$.d_year'), get_json_string(doc, '$.d_day_name')",
                    "CAST(json_extract_string(doc, '$.d_date_sk') AS BIGINT),"
                            + " CAST(json_extract_string(doc, '$.d_date') AS DATE),"
                            + " CAST(json_extract_string(doc, '$.d_year') AS INTEGER), json_extract_string(doc, '$.d_day_name')",
                    "1"));

    @Test
    void typedTablesCarvedFromRawDocumentsMatchDuckDb() throws Exception {
        List<String> docs = documents(new Random(20240601));
        try (TestServer server = TestServer.start(dir);
                Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
            try (Connection c = server.connect(); Statement s = c.createStatement()) {
                s.execute("CREATE DATABASE " + DB);
                s.execute("CREATE TABLE " + DB + ".raw (doc_id BIGINT NOT NULL, doc JSON NULL) DUPLICATE KEY(doc_id)"
                        + " DISTRIBUTED BY HASH(doc_id) BUCKETS 4");
            }
            String url = "http://127.0.0.1:" + server.httpPort() + "/api/" + DB + "/raw/_stream_load";
            int half = docs.size() / 2;
            for (List<String> part : List.of(docs.subList(0, half), docs.subList(half, docs.size()))) {
                Map<String, Object> reply = Clients.load(url, String.join("\n", part) + "\n", "format:json",
                        "read_json_by_line:true", "jsonpaths:[\"$.doc_id\",\"$\"]", "columns:doc_id,doc");
                assertThat(reply).as(reply.toString()).containsEntry("Status", "Success")
                        .containsEntry("NumberLoadedRows", (long) part.size());
            }
            loadDuckDb(duck, docs);
            try (Connection c = DriverManager.getConnection(server.jdbcUrl(DB, ""), "root", "");
                    Statement s = c.createStatement(); Statement d = duck.createStatement()) {
                for (Carve carve : CARVES) {
                    s.execute(carve.ddl());
                    int loaded = s.executeUpdate("INSERT INTO " + carve.table() + " SELECT " + carve.shoalSelect()
                            + " FROM raw WHERE get_json_string(doc, '$.table_name') = '" + carve.table() + "'");
                    List<String> expected = rows(d, "SELECT " + carve.duckSelect() + " FROM raw WHERE"
                            + " json_extract_string(doc, '$.table_name') = '" + carve.table() + "' ORDER BY " + carve.orderBy());
                    assertThat(loaded).as(carve.table()).isEqualTo(expected.size()).isPositive();
                    assertThat(rows(s, "SELECT * FROM " + carve.table() + " ORDER BY " + carve.orderBy()))
                            .as(carve.table()).containsExactlyElementsOf(expected);
                }
                // And a query over a carved table agrees with the same query over DuckDB's carving.
                String perItem = "SELECT ss_item_sk, count(*), sum(ss_quantity), sum(ss_sales_price), min(ss_sold_date_sk)"
                        + " FROM store_sales GROUP BY ss_item_sk ORDER BY ss_item_sk";
                d.execute("CREATE TABLE store_sales AS SELECT " + CARVES.getFirst().duckSelect()
                        + " FROM raw WHERE json_extract_string(doc, '$.table_name') = 'store_sales'");
                assertThat(rows(s, perItem)).containsExactlyElementsOf(rows(d, perItem));
            }
        }
    }

    /** Rows as text, with numbers normalised so both drivers print them alike (NULL as "NULL"). */
    private static List<String> rows(Statement statement, String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (ResultSet rs = statement.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (int c = 1; c <= n; c++) {
                    Object v = rs.getObject(c);
                    row.append(c > 1 ? "|" : "").append(switch (v) {
                        case null -> "NULL";
                        case BigDecimal b -> b.stripTrailingZeros().toPlainString();
                        case Double x -> Double.toString(x);
                        case Float x -> Double.toString(x);
                        case Number x -> Long.toString(x.longValue());
                        case java.sql.Date x -> x.toLocalDate().toString();
                        case LocalDate x -> x.toString();
                        default -> v.toString().strip();
                    });
                }
                out.add(row.toString());
            }
        }
        return out;
    }

    private static void loadDuckDb(Connection duck, List<String> docs) throws SQLException {
        try (Statement s = duck.createStatement()) {
            s.execute("CREATE TABLE raw (doc VARCHAR)");
        }
        try (PreparedStatement p = duck.prepareStatement("INSERT INTO raw VALUES (?)")) {
            for (String doc : docs) {
                p.setString(1, doc);
                p.addBatch();
            }
            p.executeBatch();
        }
    }

    /** TPC-DS-like rows as JSON lines, shuffled across tables; some fields missing or null, as in real feeds. */
    private static List<String> documents(Random random) {
        List<String> docs = new ArrayList<>();
        String[] categories = {"Books", "Music", "Home", "Sports", "Shoes", "Jewelry"};
        String[] days = {"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"};
        int items = 150;
        LocalDate first = LocalDate.of(2000, 1, 1);
        for (int i = 1; i <= items; i++) {
            String price = random.nextInt(10) == 0 ? "" : ", \"i_current_price\": " + (random.nextInt(9999) + 1) / 100.0;
            docs.add("{\"table_name\": \"item\", \"i_item_sk\": " + i + ", \"i_item_id\": \"AAAAAAAA" + String.format("%08d", i)
                    + "\", \"i_category\": " + (i % 17 == 0 ? "null" : "\"" + categories[i % categories.length] + "\"")
                    + price + "}");
        }
        for (int d = 0; d < 366; d++) {
            LocalDate date = first.plusDays(d);
            docs.add("{\"d_date_sk\": " + (2451545 + d) + ", \"table_name\": \"date_dim\", \"d_date\": \"" + date
                    + "\", \"d_year\": " + date.getYear() + ", \"d_day_name\": \"" + days[date.getDayOfWeek().ordinal()] + "\"}");
        }
        for (int t = 1; t <= 2500; t++) {
            StringBuilder doc = new StringBuilder("{\"table_name\":\"store_sales\",\"ss_ticket_number\":" + t
                    + ",\"ss_item_sk\":" + (random.nextInt(items) + 1)
                    + ",\"ss_sold_date_sk\":" + (2451545 + random.nextInt(366)));
            if (random.nextInt(20) != 0) {
                doc.append(",\"ss_quantity\":").append(random.nextInt(100) + 1);
            }
            doc.append(",\"ss_sales_price\":").append(random.nextInt(20000) / 100.0);
            doc.append(",\"ss_net_profit\":").append(random.nextInt(15) == 0 ? "null"
                    : Double.toString((random.nextInt(2000000) - 1000000) / 100.0));
            doc.append(",\"extra\":{\"channel\":\"store\",\"tags\":[1,2,3]}}");
            docs.add(doc.toString());
        }
        java.util.Collections.shuffle(docs, random);
        List<String> numbered = new ArrayList<>(docs.size());
        for (int i = 0; i < docs.size(); i++) {
            numbered.add("{\"doc_id\": " + i + ", " + docs.get(i).substring(1));
        }
        return numbered;
    }
}
