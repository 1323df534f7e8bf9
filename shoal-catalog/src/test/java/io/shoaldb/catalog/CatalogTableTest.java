package io.shoaldb.catalog;

import static io.shoaldb.catalog.Defs.agg;
import static io.shoaldb.catalog.Defs.col;
import static io.shoaldb.catalog.Defs.notNull;
import static io.shoaldb.catalog.Defs.nullable;
import static io.shoaldb.catalog.Defs.table;
import static io.shoaldb.catalog.Defs.withDefault;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.catalog.model.AggregationType;
import io.shoaldb.catalog.model.Column;
import io.shoaldb.catalog.model.ColumnDefault;
import io.shoaldb.catalog.model.ColumnDefinition;
import io.shoaldb.catalog.model.Distribution;
import io.shoaldb.catalog.model.GroupCommitMode;
import io.shoaldb.catalog.model.KeysType;
import io.shoaldb.catalog.model.Table;
import io.shoaldb.catalog.model.TableDefinition;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.vector.type.DataType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CatalogTableTest {
    @TempDir
    Path dir;
    Catalog catalog;

    @BeforeEach
    void setUp() {
        catalog = Catalog.open(new LocalFiles(), dir);
        catalog.createDatabase("db", false);
    }

    @AfterEach
    void tearDown() {
        catalog.close();
    }

    private void reopen() {
        catalog.close();
        catalog = Catalog.open(new LocalFiles(), dir);
    }

    private Table create(TableDefinition def) {
        return catalog.createTable(def, false);
    }

    /** Asserts the failure and that it changed nothing: not in memory, not on disk, not after reopening. */
    private void assertRejected(Runnable r, ErrorCode code) {
        CatalogSnapshot before = catalog.snapshot();
        String rendered = renderAll(before);
        long journalBytes = journalBytes();
        assertThatThrownBy(r::run).isInstanceOfSatisfying(ShoalException.class,
                e -> assertThat(e.code()).as(e.getMessage()).isEqualTo(code));
        assertThat(catalog.snapshot()).isSameAs(before);
        assertThat(journalBytes()).isEqualTo(journalBytes);
        reopen();
        assertThat(renderAll(catalog.snapshot())).isEqualTo(rendered);
    }

    private static String renderAll(CatalogSnapshot s) {
        StringBuilder sb = new StringBuilder();
        for (var db : s.databases()) {
            sb.append(db).append('\n');
            for (Table t : s.tables(db.name())) {
                sb.append(t.id()).append(' ').append(ShowCreateTable.render(db, t)).append('\n');
            }
        }
        return sb.toString();
    }

    private long journalBytes() {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().startsWith("journal-"))
                    .mapToLong(p -> p.toFile().length()).sum();
        } catch (IOException e) {
            throw new RuntimeException(e);
        }
    }

    @Test
    void createsTheSeedTable() {
        Table t = create(Defs.dt("db"));
        assertThat(t.columns()).extracting(Column::uniqueId).containsExactly(0, 1, 2);
        assertThat(t.nextColumnUniqueId()).isEqualTo(3);
        assertThat(t.columns()).extracting(Column::key).containsExactly(true, false, false);
        assertThat(t.properties().groupCommitMode()).isEqualTo(GroupCommitMode.ASYNC_MODE);
        assertThat(t.properties().groupCommitIntervalMs()).isEqualTo(10_000);
        assertThat(t.properties().groupCommitDataBytes()).isEqualTo(67_108_864);
        assertThat(t.properties().lightSchemaChange()).isTrue();
        assertThat(t.column("NAME")).map(Column::name).contains("name");
        assertThat(catalog.snapshot().table("db", "dt")).contains(t);
        assertThat(catalog.snapshot().table("db", "DT")).isEmpty();
        assertThat(catalog.snapshot().tableById(t.id())).contains(t);
        reopen();
        assertThat(catalog.snapshot().table("db", "dt")).contains(t);
    }

    @Test
    void tableExistsAndIfNotExists() {
        Table t = create(Defs.dt("db"));
        assertThat(catalog.createTable(Defs.dt("db"), true)).isEqualTo(t);
        assertRejected(() -> create(Defs.dt("db")), ErrorCode.TABLE_EXISTS);
        assertRejected(() -> create(Defs.dt("nodb")), ErrorCode.UNKNOWN_DATABASE);
        assertRejected(() -> create(Defs.dt(null)), ErrorCode.NO_DB_SELECTED);
    }

    @Test
    void dropTable() {
        Table t = create(Defs.dt("db"));
        assertRejected(() -> catalog.dropTable("db", "nope", false), ErrorCode.UNKNOWN_TABLE);
        assertRejected(() -> catalog.dropTable("nodb", "dt", false), ErrorCode.UNKNOWN_DATABASE);
        catalog.dropTable("db", "nope", true);
        catalog.dropTable("db", "dt", false);
        assertThat(catalog.snapshot().tableById(t.id())).isEmpty();
        reopen();
        assertThat(catalog.snapshot().tables("db")).isEmpty();
        Table again = create(Defs.dt("db"));
        assertThat(again.id()).isGreaterThan(t.id());
    }

    @Test
    void engineMustBeOlap() {
        create(table("db", "a").column("k", DataType.INT).engine("olap").build());
        create(table("db", "b").column("k", DataType.INT).engine("OLAP").build());
        assertRejected(() -> create(table("db", "c").column("k", DataType.INT).engine("mysql").build()),
                ErrorCode.UNKNOWN_ENGINE);
    }

    @Test
    void namesAreChecked() {
        assertRejected(() -> create(table("db", "a/b").column("k", DataType.INT).build()),
                ErrorCode.WRONG_TABLE_NAME);
        assertRejected(() -> create(table("db", "").column("k", DataType.INT).build()), ErrorCode.WRONG_TABLE_NAME);
        assertRejected(() -> create(table("db", "t".repeat(65)).column("k", DataType.INT).build()),
                ErrorCode.IDENTIFIER_TOO_LONG);
        assertRejected(() -> create(table("db", "t").column(" k", DataType.INT).build()), ErrorCode.WRONG_COLUMN_NAME);
        assertRejected(() -> create(table("db", "t").column("k\0", DataType.INT).build()),
                ErrorCode.WRONG_COLUMN_NAME);
        assertRejected(() -> create(table("db", "t").column("__DORIS_DELETE_SIGN__", DataType.INT).build()),
                ErrorCode.WRONG_COLUMN_NAME);
        assertRejected(() -> create(table("db", "t").column("c".repeat(257), DataType.INT).build()),
                ErrorCode.IDENTIFIER_TOO_LONG);
        assertRejected(() -> create(table("db", "t").column("k", DataType.INT).column("K", DataType.INT).build()),
                ErrorCode.DUPLICATE_COLUMN);
        assertRejected(() -> create(table("db", "t").build()), ErrorCode.INVALID_TABLE_DEFINITION);
        Table t = create(table("db", "t").column("my col.1", DataType.INT).column("x", DataType.INT).build());
        assertThat(t.column("MY COL.1")).isPresent();
        create(table("db", "T").column("k", DataType.INT).build()); // table names are case-sensitive
        assertThat(catalog.snapshot().tables("db")).extracting(Table::name).containsExactly("T", "t");
    }

    @Test
    void defaultDuplicateKeyFollowsDorisShortKey() {
        Table a = create(table("db", "a").column("id", DataType.INT).column("name", DataType.varchar(50))
                .column("score", DataType.INT).build());
        assertThat(a.keysType()).isEqualTo(KeysType.DUPLICATE);
        assertThat(a.keyColumns()).containsExactly("id", "name"); // VARCHAR ends the short key
        assertThat(a.distribution()).isEqualTo(Distribution.random(Distribution.AUTO_BUCKETS));
        assertThat(a.columns()).extracting(Column::nullable).containsExactly(false, false, true);

        Table b = create(table("db", "b").column("a", DataType.INT).column("b", DataType.BIGINT)
                .column("c", DataType.INT).column("d", DataType.INT).build());
        assertThat(b.keyColumns()).containsExactly("a", "b", "c"); // at most 3

        Table c = create(table("db", "c").column("a", DataType.LARGEINT).column("b", DataType.LARGEINT)
                .column("c", DataType.BIGINT).build());
        assertThat(c.keyColumns()).containsExactly("a", "b"); // 16+16+8 > 36 bytes

        Table d = create(table("db", "d").column("a", DataType.INT).column("f", DataType.DOUBLE)
                .column("c", DataType.INT).build());
        assertThat(d.keyColumns()).containsExactly("a"); // a float stops the key

        Table e = create(table("db", "e").column("s", DataType.charType(100)).column("x", DataType.INT).build());
        assertThat(e.keyColumns()).containsExactly("s"); // a wide first char column is still the key

        Table f = create(table("db", "f").column("a", DataType.INT).column("s", DataType.STRING).build());
        assertThat(f.keyColumns()).containsExactly("a");

        assertRejected(() -> create(table("db", "g").column("f", DataType.FLOAT).build()),
                ErrorCode.INVALID_TABLE_DEFINITION);
        assertRejected(() -> create(table("db", "g").column("s", DataType.STRING).build()),
                ErrorCode.INVALID_TABLE_DEFINITION);
    }

    @Test
    void aggregationWithoutKeyClauseMakesAnAggregateTable() {
        Table t = create(table("db", "a").column("k1", DataType.INT).column("k2", DataType.DATE)
                .column(agg("v", DataType.BIGINT, AggregationType.SUM)).build());
        assertThat(t.keysType()).isEqualTo(KeysType.AGGREGATE);
        assertThat(t.keyColumns()).containsExactly("k1", "k2");
        assertThat(t.distribution()).isEqualTo(Distribution.hash(List.of("k1", "k2"), 0));
    }

    @Test
    void keyColumnsMustLeadInOrder() {
        assertRejected(() -> create(table("db", "t").column("a", DataType.INT).column("b", DataType.INT)
                .keys(KeysType.DUPLICATE, "b").build()), ErrorCode.INVALID_TABLE_DEFINITION);
        assertRejected(() -> create(table("db", "t").column("a", DataType.INT).column("b", DataType.INT)
                .keys(KeysType.DUPLICATE, "b", "a").build()), ErrorCode.INVALID_TABLE_DEFINITION);
        assertRejected(() -> create(table("db", "t").column("a", DataType.INT).column("b", DataType.INT)
                .keys(KeysType.DUPLICATE, "a", "a").build()), ErrorCode.INVALID_TABLE_DEFINITION);
        assertRejected(() -> create(table("db", "t").column("a", DataType.INT)
                .keys(KeysType.DUPLICATE, "zz").build()), ErrorCode.UNKNOWN_COLUMN);
        assertRejected(() -> create(table("db", "t").column("a", DataType.INT)
                .keys(KeysType.UNIQUE).build()), ErrorCode.INVALID_TABLE_DEFINITION);
        Table t = create(table("db", "t").column("a", DataType.INT).column("b", DataType.INT)
                .column("c", DataType.INT).keys(KeysType.UNIQUE, "A", "b").build());
        assertThat(t.keyColumns()).containsExactly("a", "b");
        assertThat(t.distribution()).isEqualTo(Distribution.hash(List.of("a", "b"), 0));
    }

    @Test
    void someTypesCannotBeKeys() {
        for (DataType type : List.of(DataType.FLOAT, DataType.DOUBLE, DataType.STRING, DataType.JSON)) {
            assertRejected(() -> create(table("db", "t").column("a", DataType.INT).column("b", type)
                    .keys(KeysType.DUPLICATE, "a", "b").build()), ErrorCode.INVALID_TABLE_DEFINITION);
        }
    }

    @Test
    void keyNullabilityIsWhatWasDeclared() {
        Table t = create(table("db", "t").column(nullable("a", DataType.INT)).column(col("b", DataType.INT))
                .column(notNull("c", DataType.INT)).column(col("d", DataType.INT))
                .keys(KeysType.DUPLICATE, "a", "b").build());
        assertThat(t.columns()).extracting(Column::nullable).containsExactly(true, false, false, true);
    }

    @Test
    void aggregationRules() {
        assertRejected(() -> create(table("db", "t").column("k", DataType.INT).column("v", DataType.INT)
                .keys(KeysType.AGGREGATE, "k").build()), ErrorCode.INVALID_TABLE_DEFINITION);
        assertRejected(() -> create(table("db", "t").column(agg("k", DataType.INT, AggregationType.MAX))
                .column(agg("v", DataType.INT, AggregationType.SUM)).keys(KeysType.AGGREGATE, "k").build()),
                ErrorCode.INVALID_TABLE_DEFINITION);
        assertRejected(() -> create(table("db", "t").column("k", DataType.INT)
                .column(agg("v", DataType.INT, AggregationType.SUM)).keys(KeysType.DUPLICATE, "k").build()),
                ErrorCode.INVALID_TABLE_DEFINITION);
        assertRejected(() -> create(table("db", "t").column("k", DataType.INT)
                .column(agg("v", DataType.INT, AggregationType.REPLACE)).keys(KeysType.UNIQUE, "k").build()),
                ErrorCode.INVALID_TABLE_DEFINITION);
        assertRejected(() -> create(table("db", "t").column("k", DataType.INT)
                .column(agg("v", DataType.varchar(3), AggregationType.SUM)).keys(KeysType.AGGREGATE, "k").build()),
                ErrorCode.INVALID_TABLE_DEFINITION);
        Table t = create(table("db", "t").column("k", DataType.INT)
                .column(agg("s", DataType.BIGINT, AggregationType.SUM))
                .column(agg("mn", DataType.varchar(3), AggregationType.MIN))
                .column(agg("mx", DataType.DATE, AggregationType.MAX))
                .column(agg("r", DataType.STRING, AggregationType.REPLACE))
                .column(agg("rn", DataType.JSON, AggregationType.REPLACE_IF_NOT_NULL))
                .keys(KeysType.AGGREGATE, "k").build());
        assertThat(t.columns()).extracting(Column::aggregation).containsExactly(null, AggregationType.SUM,
                AggregationType.MIN, AggregationType.MAX, AggregationType.REPLACE,
                AggregationType.REPLACE_IF_NOT_NULL);
    }

    @Test
    void distributionRules() {
        assertRejected(() -> create(table("db", "t").column("k", DataType.INT).hash(1, "nope").build()),
                ErrorCode.UNKNOWN_COLUMN);
        assertRejected(() -> create(table("db", "t").column("k", DataType.INT).hash(0).build()),
                ErrorCode.INVALID_TABLE_DEFINITION);
        assertRejected(() -> create(table("db", "t").column("k", DataType.INT).hash(-1, "k").build()),
                ErrorCode.INVALID_TABLE_DEFINITION);
        assertRejected(() -> create(table("db", "t").column("k", DataType.INT).hash(1025, "k").build()),
                ErrorCode.INVALID_TABLE_DEFINITION);
        assertRejected(() -> create(table("db", "t").column("k", DataType.INT).column("v", DataType.INT)
                .keys(KeysType.UNIQUE, "k").hash(1, "v").build()), ErrorCode.INVALID_TABLE_DEFINITION);
        assertRejected(() -> create(table("db", "t").column("k", DataType.INT).column("v", DataType.INT)
                .keys(KeysType.UNIQUE, "k").random(1).build()), ErrorCode.INVALID_TABLE_DEFINITION);
        assertRejected(() -> create(table("db", "t").column("k", DataType.INT)
                .column(agg("v", DataType.INT, AggregationType.REPLACE)).keys(KeysType.AGGREGATE, "k")
                .random(2).build()), ErrorCode.INVALID_TABLE_DEFINITION);
        assertRejected(() -> create(table("db", "t").column("k", DataType.INT).column("d", DataType.DOUBLE)
                .hash(1, "d").build()), ErrorCode.INVALID_TABLE_DEFINITION);
        assertRejected(() -> create(table("db", "t").column("k", DataType.INT).hash(1, "k", "K").build()),
                ErrorCode.INVALID_TABLE_DEFINITION);
        Table dup = create(table("db", "a").column("k", DataType.INT).column("v", DataType.INT)
                .keys(KeysType.DUPLICATE, "k").hash(1024, "V").build());
        assertThat(dup.distribution()).isEqualTo(Distribution.hash(List.of("v"), 1024));
        Table aggRandom = create(table("db", "b").column("k", DataType.INT)
                .column(agg("v", DataType.INT, AggregationType.SUM)).keys(KeysType.AGGREGATE, "k")
                .random(3).build());
        assertThat(aggRandom.distribution()).isEqualTo(Distribution.random(3));
        Table auto = create(table("db", "c").column("k", DataType.INT).hash(0, "k").build());
        assertThat(auto.distribution().autoBuckets()).isTrue();
    }

    @Test
    void propertiesAreTypedAndChecked() {
        Table t = create(table("db", "t").column("k", DataType.INT)
                .property("GROUP_COMMIT_MODE", "SYNC_MODE")
                .property("group_commit_interval_ms", " 2000 ")
                .property("group_commit_data_bytes", "134217728")
                .property("replication_num", "3")
                .property("light_schema_change", "FALSE").build());
        assertThat(t.properties().groupCommitMode()).isEqualTo(GroupCommitMode.SYNC_MODE);
        assertThat(t.properties().groupCommitIntervalMs()).isEqualTo(2000);
        assertThat(t.properties().groupCommitDataBytes()).isEqualTo(134_217_728L);
        assertThat(t.properties().replicationNum()).isEqualTo(3);
        assertThat(t.properties().lightSchemaChange()).isFalse();
        assertThat(t.properties().explicit()).containsExactly(Map.entry("group_commit_mode", "sync_mode"),
                Map.entry("group_commit_interval_ms", "2000"), Map.entry("group_commit_data_bytes", "134217728"),
                Map.entry("replication_num", "3"), Map.entry("light_schema_change", "false"));

        assertThatThrownBy(() -> create(table("db", "u").column("k", DataType.INT).property("foo", "bar").build()))
                .hasMessage("Unknown properties: {foo=bar}");
        assertRejected(() -> create(table("db", "u").column("k", DataType.INT).property("foo", "bar").build()),
                ErrorCode.UNKNOWN_PROPERTY);
        for (String[] bad : new String[][] {{"group_commit_mode", "fast"}, {"group_commit_interval_ms", "0"},
                {"group_commit_interval_ms", "x"}, {"group_commit_data_bytes", "-1"}, {"replication_num", "0"},
                {"light_schema_change", "yes"}, {"function_column.sequence_type", "varchar"}}) {
            assertRejected(() -> create(table("db", "u").column("k", DataType.INT).property(bad[0], bad[1])
                    .build()), ErrorCode.INVALID_PROPERTY);
        }
    }

    @Test
    void sequenceColumnRules() {
        Table t = create(table("db", "u").column("k", DataType.INT).column("v", DataType.INT)
                .column("ts", DataType.datetime(0)).keys(KeysType.UNIQUE, "k")
                .property("function_column.sequence_col", "TS").build());
        assertThat(t.properties().sequenceColumn()).isEqualTo("ts");
        Table t2 = create(table("db", "u2").column("k", DataType.INT).column("v", DataType.INT)
                .keys(KeysType.UNIQUE, "k").property("function_column.sequence_type", "Date").build());
        assertThat(t2.properties().sequenceType()).isEqualTo(DataType.DATE);
        assertThat(t2.properties().explicit()).containsEntry("function_column.sequence_type", "date");

        assertRejected(() -> create(table("db", "x").column("k", DataType.INT).column("v", DataType.INT)
                .keys(KeysType.DUPLICATE, "k").property("function_column.sequence_col", "v").build()),
                ErrorCode.INVALID_PROPERTY);
        assertRejected(() -> create(table("db", "x").column("k", DataType.INT).column("v", DataType.INT)
                .keys(KeysType.UNIQUE, "k").property("function_column.sequence_col", "k").build()),
                ErrorCode.INVALID_PROPERTY);
        assertRejected(() -> create(table("db", "x").column("k", DataType.INT).column("v", DataType.INT)
                .keys(KeysType.UNIQUE, "k").property("function_column.sequence_col", "nope").build()),
                ErrorCode.INVALID_PROPERTY);
        assertRejected(() -> create(table("db", "x").column("k", DataType.INT).column("v", DataType.varchar(9))
                .keys(KeysType.UNIQUE, "k").property("function_column.sequence_col", "v").build()),
                ErrorCode.INVALID_PROPERTY);
        assertRejected(() -> create(table("db", "x").column("k", DataType.INT).column("v", DataType.INT)
                .keys(KeysType.UNIQUE, "k").property("function_column.sequence_col", "v")
                .property("function_column.sequence_type", "int").build()), ErrorCode.INVALID_PROPERTY);
    }

    @Test
    void defaultValueRules() {
        Table t = create(table("db", "t").column("k", DataType.INT)
                .column(withDefault("i", DataType.INT, null, ColumnDefault.literal("-5")))
                .column(withDefault("d", DataType.decimal(10, 2), null, ColumnDefault.literal("10.5")))
                .column(withDefault("dt", DataType.datetime(3), false, ColumnDefault.CURRENT_TIMESTAMP))
                .column(withDefault("dt2", DataType.datetime(0), null, ColumnDefault.literal("2024-02-29 12:00:01")))
                .column(withDefault("day", DataType.DATE, null, ColumnDefault.literal("2024-01-31")))
                .column(withDefault("s", DataType.varchar(3), null, ColumnDefault.literal("abc")))
                .column(withDefault("n", DataType.INT, null, ColumnDefault.NULL))
                .column(withDefault("b", DataType.BOOLEAN, null, ColumnDefault.literal("true")))
                .build());
        assertThat(t.column("dt").orElseThrow().defaultValue()).isEqualTo(ColumnDefault.CURRENT_TIMESTAMP);

        Object[][] bad = {
                {DataType.INT, true, ColumnDefault.literal("abc")},
                {DataType.TINYINT, true, ColumnDefault.literal("128")},
                {DataType.INT, false, ColumnDefault.NULL},
                {DataType.DATE, true, ColumnDefault.CURRENT_TIMESTAMP},
                {DataType.DATE, true, ColumnDefault.literal("2023-02-29")},
                {DataType.datetime(0), true, ColumnDefault.literal("2023-01-01 25:00:00")},
                {DataType.varchar(2), true, ColumnDefault.literal("abc")},
                {DataType.decimal(4, 2), true, ColumnDefault.literal("123.4")},
                {DataType.JSON, true, ColumnDefault.literal("{}")},
                {DataType.DOUBLE, true, ColumnDefault.literal("1e400")},
        };
        for (Object[] b : bad) {
            assertRejected(() -> create(table("db", "x").column("k", DataType.INT)
                    .column(withDefault("v", (DataType) b[0], (Boolean) b[1], (ColumnDefault) b[2])).build()),
                    ErrorCode.INVALID_DEFAULT);
        }
    }

    @Test
    void alterTableProperties() {
        create(Defs.dt("db"));
        Table t = catalog.alterTableProperties("db", "dt", Map.of("group_commit_interval_ms", "2000"));
        assertThat(t.properties().groupCommitIntervalMs()).isEqualTo(2000);
        t = catalog.alterTableProperties("db", "dt", Map.of("group_commit_mode", "sync_mode"));
        assertThat(t.properties().explicit().keySet()).containsExactly("replication_num", "group_commit_mode",
                "group_commit_interval_ms");
        catalog.alterTableProperties("db", "dt", Map.of("group_commit_data_bytes", "134217728",
                "replication_num", "2"));
        assertRejected(() -> catalog.alterTableProperties("db", "dt", Map.of("light_schema_change", "false")),
                ErrorCode.INVALID_PROPERTY);
        assertRejected(() -> catalog.alterTableProperties("db", "dt",
                Map.of("function_column.sequence_type", "int")), ErrorCode.INVALID_PROPERTY);
        assertRejected(() -> catalog.alterTableProperties("db", "dt", Map.of("colocate_with", "g")),
                ErrorCode.UNKNOWN_PROPERTY);
        assertRejected(() -> catalog.alterTableProperties("db", "dt", Map.of("group_commit_interval_ms", "0")),
                ErrorCode.INVALID_PROPERTY);
        assertRejected(() -> catalog.alterTableProperties("db", "nope", Map.of("group_commit_interval_ms", "1")),
                ErrorCode.NO_SUCH_TABLE);
        assertRejected(() -> catalog.alterTableProperties("db", "dt", Map.of()), ErrorCode.INVALID_TABLE_DEFINITION);
        reopen();
        Table after = catalog.snapshot().table("db", "dt").orElseThrow();
        assertThat(after.properties().groupCommitMode()).isEqualTo(GroupCommitMode.SYNC_MODE);
        assertThat(after.properties().groupCommitIntervalMs()).isEqualTo(2000);
        assertThat(after.properties().groupCommitDataBytes()).isEqualTo(134217728L);
        assertThat(after.properties().replicationNum()).isEqualTo(2);
    }

    @Test
    void lightSchemaChangeCanBeSwitchedOn() {
        create(table("db", "t").column("k", DataType.INT).property("light_schema_change", "false").build());
        Table t = catalog.alterTableProperties("db", "t", Map.of("light_schema_change", "true"));
        assertThat(t.properties().lightSchemaChange()).isTrue();
    }

    @Test
    void addAndDropColumnsUseFreshUniqueIds() {
        create(Defs.dt("db"));
        Table t = catalog.addColumn("db", "dt", col("age", DataType.SMALLINT), null, false);
        assertThat(t.columns()).extracting(Column::name).containsExactly("id", "name", "score", "age");
        assertThat(t.column("age").orElseThrow().uniqueId()).isEqualTo(3);
        t = catalog.dropColumn("db", "dt", "AGE");
        assertThat(t.column("age")).isEmpty();
        t = catalog.addColumn("db", "dt", col("age", DataType.SMALLINT), "id", false);
        assertThat(t.columns()).extracting(Column::name).containsExactly("id", "age", "name", "score");
        assertThat(t.column("age").orElseThrow().uniqueId()).isEqualTo(4);
        assertThat(t.column("age").orElseThrow().nullable()).isTrue();
        assertThat(t.column("age").orElseThrow().key()).isFalse();
        t = catalog.addColumn("db", "dt",
                withDefault("flag", DataType.BOOLEAN, false, ColumnDefault.literal("0")), "score", false);
        assertThat(t.columns().getLast().name()).isEqualTo("flag");
        assertThat(t.nextColumnUniqueId()).isEqualTo(6);

        assertRejected(() -> catalog.addColumn("db", "dt", col("AGE", DataType.INT), null, false),
                ErrorCode.DUPLICATE_COLUMN);
        assertRejected(() -> catalog.addColumn("db", "dt", col("x", DataType.INT), null, true),
                ErrorCode.INVALID_TABLE_DEFINITION);
        assertRejected(() -> catalog.addColumn("db", "dt", col("x", DataType.INT), "nope", false),
                ErrorCode.UNKNOWN_COLUMN);
        assertRejected(() -> catalog.addColumn("db", "dt", notNull("x", DataType.INT), null, false),
                ErrorCode.INVALID_TABLE_DEFINITION);
        assertRejected(() -> catalog.addColumn("db", "dt", agg("x", DataType.INT, AggregationType.SUM), null,
                false), ErrorCode.INVALID_TABLE_DEFINITION);
        assertRejected(() -> catalog.addColumn("db", "dt",
                withDefault("x", DataType.INT, null, ColumnDefault.literal("x")), null, false),
                ErrorCode.INVALID_DEFAULT);
        assertRejected(() -> catalog.addColumn("db", "nope", col("x", DataType.INT), null, false),
                ErrorCode.NO_SUCH_TABLE);
        assertRejected(() -> catalog.dropColumn("db", "dt", "id"), ErrorCode.INVALID_TABLE_DEFINITION);
        assertRejected(() -> catalog.dropColumn("db", "dt", "nope"), ErrorCode.UNKNOWN_COLUMN);
        assertRejected(() -> catalog.dropColumn("nodb", "dt", "age"), ErrorCode.UNKNOWN_DATABASE);

        reopen();
        Table after = catalog.snapshot().table("db", "dt").orElseThrow();
        assertThat(after).isEqualTo(t);
        assertThat(after.columns()).extracting(Column::uniqueId).containsExactly(0, 4, 1, 2, 5);
    }

    @Test
    void columnChangesOnKeyedTables() {
        create(table("db", "a").column("k", DataType.INT).column(agg("v", DataType.INT, AggregationType.SUM))
                .keys(KeysType.AGGREGATE, "k").build());
        assertRejected(() -> catalog.addColumn("db", "a", col("x", DataType.INT), null, false),
                ErrorCode.INVALID_TABLE_DEFINITION);
        Table a = catalog.addColumn("db", "a", agg("x", DataType.INT, AggregationType.MAX), "k", false);
        assertThat(a.columns()).extracting(Column::name).containsExactly("k", "x", "v");

        create(table("db", "u").column("k", DataType.INT).column("v", DataType.INT).column("seq", DataType.BIGINT)
                .keys(KeysType.UNIQUE, "k").property("function_column.sequence_col", "seq").build());
        assertRejected(() -> catalog.dropColumn("db", "u", "seq"), ErrorCode.INVALID_TABLE_DEFINITION);
        create(table("db", "d").column("k", DataType.INT).column("v", DataType.INT)
                .keys(KeysType.DUPLICATE, "k").hash(2, "v").build());
        assertRejected(() -> catalog.dropColumn("db", "d", "v"), ErrorCode.INVALID_TABLE_DEFINITION);
        assertRejected(() -> catalog.addColumn("db", "d",
                new ColumnDefinition("k2", DataType.INT, null, null, null, null), null, true),
                ErrorCode.INVALID_TABLE_DEFINITION);
    }
}
