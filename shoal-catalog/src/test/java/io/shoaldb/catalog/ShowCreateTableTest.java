package io.shoaldb.catalog;

import static io.shoaldb.catalog.Defs.agg;
import static io.shoaldb.catalog.Defs.notNull;
import static io.shoaldb.catalog.Defs.table;
import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.catalog.model.AggregationType;
import io.shoaldb.catalog.model.Column;
import io.shoaldb.catalog.model.ColumnDefault;
import io.shoaldb.catalog.model.ColumnDefinition;
import io.shoaldb.catalog.model.Database;
import io.shoaldb.catalog.model.KeysType;
import io.shoaldb.catalog.model.Table;
import io.shoaldb.catalog.model.TableDefinition;
import io.shoaldb.catalog.model.TableProperties;
import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.vector.type.DataType;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ShowCreateTableTest {
    @TempDir
    Path dir;
    Catalog catalog;
    Database db;

    @BeforeEach
    void setUp() {
        catalog = Catalog.open(new LocalFiles(), dir);
        db = catalog.createDatabase("db", false);
        catalog.createDatabase("again", false);
    }

    @AfterEach
    void tearDown() {
        catalog.close();
    }

    /** Renders, checks the text, then creates the table from the text and checks the two are equal. */
    private void assertRendersAs(Table table, String expected) {
        String text = ShowCreateTable.render(db, table);
        assertThat(text).isEqualTo(expected);
        TableDefinition back = RenderedDdlParser.parse("again", text);
        Table recreated = catalog.createTable(back, false);
        assertThat(ShowCreateTable.render(db, recreated)).isEqualTo(text);
        assertThat(recreated.columns()).usingRecursiveFieldByFieldElementComparatorIgnoringFields("uniqueId")
                .isEqualTo(table.columns());
        assertThat(recreated.keysType()).isEqualTo(table.keysType());
        assertThat(recreated.keyColumns()).isEqualTo(table.keyColumns());
        assertThat(recreated.distribution()).isEqualTo(table.distribution());
        assertThat(recreated.comment()).isEqualTo(table.comment());
        assertSameEffectiveProperties(recreated.properties(), table.properties());
    }

    private static void assertSameEffectiveProperties(TableProperties a, TableProperties b) {
        assertThat(a.replicationNum()).isEqualTo(b.replicationNum());
        assertThat(a.groupCommitMode()).isEqualTo(b.groupCommitMode());
        assertThat(a.groupCommitIntervalMs()).isEqualTo(b.groupCommitIntervalMs());
        assertThat(a.groupCommitDataBytes()).isEqualTo(b.groupCommitDataBytes());
        assertThat(a.sequenceColumn()).isEqualTo(b.sequenceColumn());
        assertThat(a.sequenceType()).isEqualTo(b.sequenceType());
        assertThat(a.lightSchemaChange()).isEqualTo(b.lightSchemaChange());
    }

    @Test
    void seedTable() {
        Table dt = catalog.createTable(Defs.dt("db"), false);
        assertRendersAs(dt, """
                CREATE TABLE `dt` (
                  `id` int(11) NOT NULL,
                  `name` varchar(50) NULL,
                  `score` int(11) NULL
                ) ENGINE=OLAP
                DUPLICATE KEY(`id`)
                DISTRIBUTED BY HASH(`id`) BUCKETS 1
                PROPERTIES (
                "replication_allocation" = "tag.location.default: 1",
                "storage_format" = "V2",
                "light_schema_change" = "true",
                "group_commit_mode" = "async_mode",
                "group_commit_interval_ms" = "10000",
                "group_commit_data_bytes" = "67108864"
                )""");
    }

    @Test
    void defaultsArePrintedAsDorisPrintsThem() {
        Table t = catalog.createTable(table("db", "t").column("k", DataType.INT)
                .property("group_commit_mode", "OFF_MODE").property("replication_num", "1").build(), false);
        assertRendersAs(t, """
                CREATE TABLE `t` (
                  `k` int(11) NOT NULL
                ) ENGINE=OLAP
                DUPLICATE KEY(`k`)
                DISTRIBUTED BY RANDOM BUCKETS AUTO
                PROPERTIES (
                "replication_allocation" = "tag.location.default: 1",
                "storage_format" = "V2",
                "light_schema_change" = "true",
                "group_commit_interval_ms" = "10000",
                "group_commit_data_bytes" = "67108864"
                )""");
    }

    @Test
    void lineitem() {
        TableDefinition def = table("db", "lineitem")
                .column(notNull("l_orderkey", DataType.BIGINT))
                .column(notNull("l_linenumber", DataType.INT))
                .column(notNull("l_partkey", DataType.INT))
                .column(notNull("l_suppkey", DataType.INT))
                .column(notNull("l_quantity", DataType.decimal(15, 2)))
                .column(notNull("l_extendedprice", DataType.decimal(15, 2)))
                .column(notNull("l_discount", DataType.decimal(15, 2)))
                .column(notNull("l_tax", DataType.decimal(15, 2)))
                .column(notNull("l_returnflag", DataType.charType(1)))
                .column(notNull("l_linestatus", DataType.charType(1)))
                .column(notNull("l_shipdate", DataType.DATE))
                .column(notNull("l_commitdate", DataType.DATE))
                .column(notNull("l_receiptdate", DataType.DATE))
                .column(notNull("l_shipinstruct", DataType.charType(25)))
                .column(notNull("l_shipmode", DataType.charType(10)))
                .column(notNull("l_comment", DataType.varchar(44)))
                .keys(KeysType.DUPLICATE, "l_orderkey", "l_linenumber")
                .hash(32, "l_orderkey")
                .property("replication_num", "1")
                .build();
        assertRendersAs(catalog.createTable(def, false), """
                CREATE TABLE `lineitem` (
                  `l_orderkey` bigint(20) NOT NULL,
                  `l_linenumber` int(11) NOT NULL,
                  `l_partkey` int(11) NOT NULL,
                  `l_suppkey` int(11) NOT NULL,
                  `l_quantity` decimal(15,2) NOT NULL,
                  `l_extendedprice` decimal(15,2) NOT NULL,
                  `l_discount` decimal(15,2) NOT NULL,
                  `l_tax` decimal(15,2) NOT NULL,
                  `l_returnflag` char(1) NOT NULL,
                  `l_linestatus` char(1) NOT NULL,
                  `l_shipdate` date NOT NULL,
                  `l_commitdate` date NOT NULL,
                  `l_receiptdate` date NOT NULL,
                  `l_shipinstruct` char(25) NOT NULL,
                  `l_shipmode` char(10) NOT NULL,
                  `l_comment` varchar(44) NOT NULL
                ) ENGINE=OLAP
                DUPLICATE KEY(`l_orderkey`, `l_linenumber`)
                DISTRIBUTED BY HASH(`l_orderkey`) BUCKETS 32
                PROPERTIES (
                "replication_allocation" = "tag.location.default: 1",
                "storage_format" = "V2",
                "light_schema_change" = "true",
                "group_commit_interval_ms" = "10000",
                "group_commit_data_bytes" = "67108864"
                )""");
    }

    @Test
    void aggregateTableWithDefaultsAndComments() {
        TableDefinition def = table("db", "agg")
                .column(new ColumnDefinition("k", DataType.INT, null, null, null, "the 'key'"))
                .column(new ColumnDefinition("day", DataType.DATE, true, null, null, null))
                .column(new ColumnDefinition("v", DataType.BIGINT, null, AggregationType.SUM,
                        ColumnDefault.literal("0"), null))
                .column(new ColumnDefinition("last", DataType.datetime(3), true, AggregationType.REPLACE,
                        ColumnDefault.CURRENT_TIMESTAMP, "a \\ back\"slash"))
                .column(new ColumnDefinition("mx", DataType.varchar(10), null, AggregationType.MAX,
                        ColumnDefault.NULL, ""))
                .column(agg("rn", DataType.STRING, AggregationType.REPLACE_IF_NOT_NULL))
                .keys(KeysType.AGGREGATE, "k", "day")
                .hash(0, "k")
                .property("replication_num", "3")
                .property("group_commit_interval_ms", "2000")
                .comment("daily 'totals'")
                .build();
        assertRendersAs(catalog.createTable(def, false), """
                CREATE TABLE `agg` (
                  `k` int(11) NOT NULL COMMENT 'the \\'key\\'',
                  `day` date NULL,
                  `v` bigint(20) SUM NULL DEFAULT "0",
                  `last` datetime(3) REPLACE NULL DEFAULT CURRENT_TIMESTAMP COMMENT 'a \\\\ back"slash',
                  `mx` varchar(10) MAX NULL DEFAULT NULL,
                  `rn` text REPLACE_IF_NOT_NULL NULL
                ) ENGINE=OLAP
                AGGREGATE KEY(`k`, `day`)
                COMMENT 'daily \\'totals\\''
                DISTRIBUTED BY HASH(`k`) BUCKETS AUTO
                PROPERTIES (
                "replication_allocation" = "tag.location.default: 3",
                "storage_format" = "V2",
                "light_schema_change" = "true",
                "group_commit_interval_ms" = "2000",
                "group_commit_data_bytes" = "67108864"
                )""");
    }

    @Test
    void uniqueTableWithSequenceColumn() {
        TableDefinition def = table("db", "u")
                .column("user_id", DataType.BIGINT)
                .column("name", DataType.varchar(20))
                .column("updated", DataType.datetime(0))
                .keys(KeysType.UNIQUE, "user_id")
                .hash(4, "user_id")
                .property("function_column.sequence_col", "UPDATED")
                .property("group_commit_mode", "sync_mode")
                .property("light_schema_change", "true")
                .build();
        assertRendersAs(catalog.createTable(def, false), """
                CREATE TABLE `u` (
                  `user_id` bigint(20) NOT NULL,
                  `name` varchar(20) NULL,
                  `updated` datetime NULL
                ) ENGINE=OLAP
                UNIQUE KEY(`user_id`)
                DISTRIBUTED BY HASH(`user_id`) BUCKETS 4
                PROPERTIES (
                "replication_allocation" = "tag.location.default: 1",
                "storage_format" = "V2",
                "function_column.sequence_col" = "updated",
                "light_schema_change" = "true",
                "group_commit_mode" = "sync_mode",
                "group_commit_interval_ms" = "10000",
                "group_commit_data_bytes" = "67108864"
                )""");
    }

    @Test
    void uniqueTableWithSequenceTypeAndDefaultDistribution() {
        TableDefinition def = table("db", "u2")
                .column("k", DataType.INT)
                .column("v", DataType.DOUBLE)
                .keys(KeysType.UNIQUE, "k")
                .property("function_column.sequence_type", "BIGINT")
                .build();
        assertRendersAs(catalog.createTable(def, false), """
                CREATE TABLE `u2` (
                  `k` int(11) NOT NULL,
                  `v` double NULL
                ) ENGINE=OLAP
                UNIQUE KEY(`k`)
                DISTRIBUTED BY HASH(`k`) BUCKETS AUTO
                PROPERTIES (
                "replication_allocation" = "tag.location.default: 1",
                "storage_format" = "V2",
                "function_column.sequence_type" = "bigint",
                "light_schema_change" = "true",
                "group_commit_interval_ms" = "10000",
                "group_commit_data_bytes" = "67108864"
                )""");
    }

    @Test
    void renderAfterSchemaChangeAndAlter() {
        catalog.createTable(Defs.dt("db"), false);
        catalog.addColumn("db", "dt", Defs.col("age", DataType.SMALLINT), "id", false);
        catalog.dropColumn("db", "dt", "score");
        catalog.alterTableProperties("db", "dt", Map.of("group_commit_mode", "off_mode",
                "group_commit_data_bytes", "1000"));
        Table t = catalog.snapshot().table("db", "dt").orElseThrow();
        assertThat(t.columns()).extracting(Column::uniqueId).containsExactly(0, 3, 1);
        assertRendersAs(t, """
                CREATE TABLE `dt` (
                  `id` int(11) NOT NULL,
                  `age` smallint(6) NULL,
                  `name` varchar(50) NULL
                ) ENGINE=OLAP
                DUPLICATE KEY(`id`)
                DISTRIBUTED BY HASH(`id`) BUCKETS 1
                PROPERTIES (
                "replication_allocation" = "tag.location.default: 1",
                "storage_format" = "V2",
                "light_schema_change" = "true",
                "group_commit_interval_ms" = "10000",
                "group_commit_data_bytes" = "1000"
                )""");
    }
}
