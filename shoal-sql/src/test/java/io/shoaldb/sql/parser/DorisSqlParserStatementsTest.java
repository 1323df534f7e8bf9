package io.shoaldb.sql.parser;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.sql.tree.AggregationType;
import io.shoaldb.sql.tree.AlterOperation;
import io.shoaldb.sql.tree.KeysType;
import io.shoaldb.sql.tree.SqlAlterTable;
import io.shoaldb.sql.tree.SqlBegin;
import io.shoaldb.sql.tree.SqlColumnDefault;
import io.shoaldb.sql.tree.SqlColumnDefinition;
import io.shoaldb.sql.tree.SqlCollateOperator;
import io.shoaldb.sql.tree.SqlCommit;
import io.shoaldb.sql.tree.SqlCreateDatabase;
import io.shoaldb.sql.tree.SqlCreateTable;
import io.shoaldb.sql.tree.SqlDorisInsert;
import io.shoaldb.sql.tree.SqlDropDatabase;
import io.shoaldb.sql.tree.SqlDropTable;
import io.shoaldb.sql.tree.SqlRollback;
import io.shoaldb.sql.tree.SqlSetNames;
import io.shoaldb.sql.tree.SqlSetTransaction;
import io.shoaldb.sql.tree.SqlSetVariables;
import io.shoaldb.sql.tree.SqlShowColumns;
import io.shoaldb.sql.tree.SqlShowCreateTable;
import io.shoaldb.sql.tree.SqlShowDatabases;
import io.shoaldb.sql.tree.SqlShowIndex;
import io.shoaldb.sql.tree.SqlShowTableStatus;
import io.shoaldb.sql.tree.SqlExplainQuery;
import io.shoaldb.sql.tree.SqlShowProc;
import io.shoaldb.sql.tree.SqlShowQueryProfile;
import io.shoaldb.sql.tree.SqlShowSimple;
import io.shoaldb.sql.tree.SqlShowTables;
import io.shoaldb.sql.tree.SqlShowTablets;
import io.shoaldb.sql.tree.SqlShowTransaction;
import io.shoaldb.sql.tree.SqlShowVariables;
import io.shoaldb.sql.tree.SqlShowWarnings;
import io.shoaldb.sql.tree.SqlSystemVariable;
import io.shoaldb.sql.tree.SqlTruncateTable;
import io.shoaldb.sql.tree.SqlUseDatabase;
import io.shoaldb.vector.type.DataType;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every statement form of the parser's contract, with what its tree must hold. */
class DorisSqlParserStatementsTest {
    static final String SEED_DT = """
            CREATE TABLE `dt` (
                `id` int(11) NOT NULL,
                `name` varchar(50) NULL,
                `score` int(11) NULL
            ) ENGINE=OLAP
            DUPLICATE KEY(`id`)
            DISTRIBUTED BY HASH(`id`) BUCKETS 1
            PROPERTIES (
                "replication_num" = "1",
                "group_commit_mode" = "async_mode"
            );""";

    static final String SEED_LINEITEM = "CREATE TABLE IF NOT EXISTS lineitem ( L_ORDERKEY INTEGER NOT NULL, "
            + "L_PARTKEY INTEGER NOT NULL, L_SUPPKEY INTEGER NOT NULL, L_LINENUMBER INTEGER NOT NULL, "
            + "L_QUANTITY DECIMAL(15,2) NOT NULL, L_EXTENDEDPRICE DECIMAL(15,2) NOT NULL, "
            + "L_DISCOUNT DECIMAL(15,2) NOT NULL, L_TAX DECIMAL(15,2) NOT NULL, L_RETURNFLAG CHAR(1) NOT NULL, "
            + "L_LINESTATUS CHAR(1) NOT NULL, L_SHIPDATE DATE NOT NULL, L_COMMITDATE DATE NOT NULL, "
            + "L_RECEIPTDATE DATE NOT NULL, L_SHIPINSTRUCT CHAR(25) NOT NULL, L_SHIPMODE CHAR(10) NOT NULL, "
            + "L_COMMENT VARCHAR(44) NOT NULL ) DUPLICATE KEY(L_ORDERKEY, L_PARTKEY, L_SUPPKEY, L_LINENUMBER) "
            + "DISTRIBUTED BY HASH(L_ORDERKEY) BUCKETS 32 PROPERTIES ( \"replication_num\" = \"3\" );";

    static final String CONNECTOR_J_INIT = "/* mysql-connector-j-9.1.0 (Revision: 0f0c5e8b) */SELECT "
            + "@@session.auto_increment_increment AS auto_increment_increment, "
            + "@@character_set_client AS character_set_client, @@character_set_connection AS character_set_connection, "
            + "@@character_set_results AS character_set_results, @@character_set_server AS character_set_server, "
            + "@@collation_server AS collation_server, @@collation_connection AS collation_connection, "
            + "@@init_connect AS init_connect, @@interactive_timeout AS interactive_timeout, @@license AS license, "
            + "@@lower_case_table_names AS lower_case_table_names, @@max_allowed_packet AS max_allowed_packet, "
            + "@@net_write_timeout AS net_write_timeout, @@performance_schema AS performance_schema, "
            + "@@query_cache_size AS query_cache_size, @@query_cache_type AS query_cache_type, @@sql_mode AS sql_mode, "
            + "@@system_time_zone AS system_time_zone, @@time_zone AS time_zone, "
            + "@@transaction_isolation AS transaction_isolation, @@wait_timeout AS wait_timeout";

    @ParameterizedTest(name = "{0}")
    @MethodSource("statements")
    void parses(String sql, Consumer<SqlNode> check) {
        check.accept(DorisSqlParser.parse(sql));
    }

    static Stream<Arguments> statements() {
        return Stream.of(
                // ---- databases
                of("CREATE DATABASE db1", n -> {
                    SqlCreateDatabase c = (SqlCreateDatabase) n;
                    assertThat(c.database()).isEqualTo("db1");
                    assertThat(c.ifNotExists()).isFalse();
                    assertThat(c.properties()).isEmpty();
                }),
                of("create schema if not exists `my db` properties (\"a\"=\"b\")", n -> {
                    SqlCreateDatabase c = (SqlCreateDatabase) n;
                    assertThat(c.database()).isEqualTo("my db");
                    assertThat(c.ifNotExists()).isTrue();
                    assertThat(c.properties()).containsExactly(Map.entry("a", "b"));
                }),
                of("DROP DATABASE IF EXISTS db1 FORCE", n -> {
                    SqlDropDatabase d = (SqlDropDatabase) n;
                    assertThat(d.database()).isEqualTo("db1");
                    assertThat(d.ifExists()).isTrue();
                    assertThat(d.force()).isTrue();
                }),
                of("drop database db1", n -> {
                    SqlDropDatabase d = (SqlDropDatabase) n;
                    assertThat(d.ifExists()).isFalse();
                    assertThat(d.force()).isFalse();
                }),
                of("USE `test_db`", n -> assertThat(((SqlUseDatabase) n).database()).isEqualTo("test_db")),
                of("use db1;", n -> assertThat(((SqlUseDatabase) n).database()).isEqualTo("db1")),

                // ---- SHOW
                of("SHOW DATABASES", n -> assertThat(((SqlShowDatabases) n).likePattern()).isNull()),
                of("show schemas like 'te%'", n -> assertThat(((SqlShowDatabases) n).likePattern()).isEqualTo("te%")),
                of("SHOW TABLES", n -> {
                    SqlShowTables s = (SqlShowTables) n;
                    assertThat(s.database()).isNull();
                    assertThat(s.likePattern()).isNull();
                    assertThat(s.full()).isFalse();
                }),
                of("SHOW FULL TABLES FROM db1 LIKE \"t\\_%\"", n -> {
                    SqlShowTables s = (SqlShowTables) n;
                    assertThat(s.database()).isEqualTo("db1");
                    assertThat(s.likePattern()).isEqualTo("t\\_%");
                    assertThat(s.full()).isTrue();
                }),
                of("SHOW TABLES IN db2", n -> assertThat(((SqlShowTables) n).database()).isEqualTo("db2")),
                of("SHOW CREATE TABLE db1.t1", n -> {
                    SqlShowCreateTable s = (SqlShowCreateTable) n;
                    assertThat(s.database()).isEqualTo("db1");
                    assertThat(s.table()).isEqualTo("t1");
                }),
                of("SHOW CREATE TABLE `t1`", n -> assertThat(((SqlShowCreateTable) n).database()).isNull()),
                of("SHOW INDEX FROM t1 FROM db1", n -> {
                    SqlShowIndex s = (SqlShowIndex) n;
                    assertThat(s.database()).isEqualTo("db1");
                    assertThat(s.table()).isEqualTo("t1");
                }),
                of("show keys in db2.t2", n -> assertThat(((SqlShowIndex) n).database()).isEqualTo("db2")),
                of("SHOW INDEXES FROM t3", n -> assertThat(((SqlShowIndex) n).database()).isNull()),
                of("SHOW TABLE STATUS FROM db1 LIKE 'o%'", n -> {
                    SqlShowTableStatus s = (SqlShowTableStatus) n;
                    assertThat(s.database()).isEqualTo("db1");
                    assertThat(s.likePattern()).isEqualTo("o%");
                }),
                of("SHOW TABLE STATUS", n -> assertThat(((SqlShowTableStatus) n).database()).isNull()),
                of("SELECT a COLLATE utf8mb4_bin = 'x' FROM t", n -> {
                    SqlBasicCall equals = (SqlBasicCall) ((SqlSelect) n).getSelectList().get(0);
                    SqlBasicCall collate = (SqlBasicCall) equals.operand(0);
                    assertThat(collate.getOperator()).isSameAs(SqlCollateOperator.INSTANCE);
                    assertThat(((SqlLiteral) collate.operand(1)).getValueAs(String.class)).isEqualTo("utf8mb4_bin");
                }),
                of("SHOW VARIABLES", n -> {
                    SqlShowVariables s = (SqlShowVariables) n;
                    assertThat(s.global()).isFalse();
                    assertThat(s.likePattern()).isNull();
                    assertThat(s.where()).isNull();
                }),
                of("SHOW GLOBAL VARIABLES LIKE 'lower_case_%'", n -> {
                    SqlShowVariables s = (SqlShowVariables) n;
                    assertThat(s.global()).isTrue();
                    assertThat(s.likePattern()).isEqualTo("lower_case_%");
                }),
                of("SHOW SESSION VARIABLES WHERE Variable_name = 'x' OR Variable_name = 'y'", n -> {
                    SqlShowVariables s = (SqlShowVariables) n;
                    assertThat(s.global()).isFalse();
                    assertThat(s.where()).isNotNull();
                    assertThat(s.where().getKind()).isEqualTo(SqlKind.OR);
                }),
                of("SHOW WARNINGS", n -> assertThat(((SqlShowWarnings) n).errors()).isFalse()),
                of("SHOW WARNINGS LIMIT 5", n -> assertThat(((SqlShowWarnings) n).errors()).isFalse()),
                of("SHOW ERRORS LIMIT 0, 10", n -> assertThat(((SqlShowWarnings) n).errors()).isTrue()),
                of("DESC t1", n -> assertColumns(n, null, "t1", false, null)),
                of("DESCRIBE db1.t1", n -> assertColumns(n, "db1", "t1", false, null)),
                of("SHOW COLUMNS FROM t1", n -> assertColumns(n, null, "t1", false, null)),
                of("SHOW FULL COLUMNS FROM t1 FROM db1 LIKE 'a%'", n -> assertColumns(n, "db1", "t1", true, "a%")),
                of("SHOW FIELDS IN db1.t1", n -> assertColumns(n, "db1", "t1", false, null)),
                of("SHOW COLLATION", n -> assertSimple(n, SqlShowSimple.Kind.COLLATION, null)),
                of("SHOW COLLATION LIKE 'utf8%'", n -> assertSimple(n, SqlShowSimple.Kind.COLLATION, "utf8%")),
                of("SHOW CHARSET", n -> assertSimple(n, SqlShowSimple.Kind.CHARSET, null)),
                of("SHOW CHARACTER SET LIKE 'utf8%'", n -> assertSimple(n, SqlShowSimple.Kind.CHARSET, "utf8%")),
                of("SHOW ENGINES", n -> assertSimple(n, SqlShowSimple.Kind.ENGINES, null)),
                of("SHOW STATUS", n -> assertSimple(n, SqlShowSimple.Kind.STATUS, null)),
                of("SHOW GLOBAL STATUS LIKE 'Uptime'", n -> assertSimple(n, SqlShowSimple.Kind.STATUS, "Uptime")),
                of("SHOW SESSION STATUS", n -> assertSimple(n, SqlShowSimple.Kind.STATUS, null)),
                of("SHOW PROCESSLIST", n -> assertSimple(n, SqlShowSimple.Kind.PROCESSLIST, null)),
                of("SHOW FULL PROCESSLIST", n -> assertSimple(n, SqlShowSimple.Kind.FULL_PROCESSLIST, null)),
                of("SHOW TABLETS FROM db1.t1", n -> {
                    SqlShowTablets s = (SqlShowTablets) n;
                    assertThat(s.database()).isEqualTo("db1");
                    assertThat(s.table()).isEqualTo("t1");
                }),
                of("SHOW TABLETS FROM t1", n -> assertThat(((SqlShowTablets) n).database()).isNull()),
                of("SHOW PROC '/backends'", n -> assertThat(((SqlShowProc) n).path()).isEqualTo("/backends")),
                of("SHOW QUERY PROFILE", n -> assertThat(((SqlShowQueryProfile) n).path()).isNull()),
                of("show query profile \"/42\"", n -> assertThat(((SqlShowQueryProfile) n).path()).isEqualTo("/42")),
                of("EXPLAIN SELECT a FROM t", n -> {
                    SqlExplainQuery e = (SqlExplainQuery) n;
                    assertThat(e.mode()).isEqualTo(SqlExplainQuery.Mode.PLAIN);
                    assertThat(e.query().getKind()).isEqualTo(SqlKind.SELECT);
                }),
                of("explain verbose SELECT a FROM t ORDER BY a", n -> {
                    SqlExplainQuery e = (SqlExplainQuery) n;
                    assertThat(e.mode()).isEqualTo(SqlExplainQuery.Mode.VERBOSE);
                    assertThat(e.query().getKind()).isEqualTo(SqlKind.ORDER_BY);
                }),
                of("EXPLAIN GRAPH WITH w AS (SELECT 1 AS x) SELECT x FROM w",
                        n -> assertThat(((SqlExplainQuery) n).mode()).isEqualTo(SqlExplainQuery.Mode.GRAPH)),
                of("EXPLAIN ANALYZE SELECT count(*) FROM t",
                        n -> assertThat(((SqlExplainQuery) n).analyze()).isTrue()),
                of("SELECT verbose, graph, analyze, profile, query FROM t",
                        n -> assertThat(n.getKind()).isEqualTo(SqlKind.SELECT)),
                of("SHOW TRANSACTION FROM db1 WHERE LABEL = 'label_1'", n -> {
                    SqlShowTransaction s = (SqlShowTransaction) n;
                    assertThat(s.database()).isEqualTo("db1");
                    assertThat(s.label()).isEqualTo("label_1");
                    assertThat(s.txnId()).isNull();
                }),
                of("SHOW TRANSACTION WHERE ID = 5", n -> {
                    SqlShowTransaction s = (SqlShowTransaction) n;
                    assertThat(s.database()).isNull();
                    assertThat(s.label()).isNull();
                    assertThat(s.txnId()).isEqualTo(5L);
                }),

                // ---- CREATE TABLE
                of(SEED_DT, n -> {
                    SqlCreateTable c = (SqlCreateTable) n;
                    assertThat(c.ifNotExists()).isFalse();
                    assertThat(c.database()).isNull();
                    assertThat(c.table()).isEqualTo("dt");
                    assertThat(c.engine()).isEqualTo("OLAP");
                    assertThat(c.keysType()).isEqualTo(KeysType.DUPLICATE);
                    assertThat(c.keyColumns()).containsExactly("id");
                    assertThat(c.distribution().hash()).isTrue();
                    assertThat(c.distribution().columns()).containsExactly("id");
                    assertThat(c.distribution().buckets()).isEqualTo(1);
                    assertThat(c.properties()).containsExactly(
                            Map.entry("replication_num", "1"), Map.entry("group_commit_mode", "async_mode"));
                    assertThat(c.comment()).isNull();
                    assertThat(c.columns()).extracting(SqlColumnDefinition::name).containsExactly("id", "name", "score");
                    assertThat(c.columns()).extracting(SqlColumnDefinition::type)
                            .containsExactly(DataType.INT, DataType.varchar(50), DataType.INT);
                    assertThat(c.columns()).extracting(SqlColumnDefinition::nullable)
                            .containsExactly(false, true, true);
                }),
                of(SEED_LINEITEM, n -> {
                    SqlCreateTable c = (SqlCreateTable) n;
                    assertThat(c.ifNotExists()).isTrue();
                    assertThat(c.table()).isEqualTo("lineitem");
                    assertThat(c.engine()).isNull();
                    assertThat(c.columns()).hasSize(16);
                    assertThat(c.columns().get(4).type()).isEqualTo(DataType.decimal(15, 2));
                    assertThat(c.columns().get(8).type()).isEqualTo(DataType.charType(1));
                    assertThat(c.columns().get(10).type()).isEqualTo(DataType.DATE);
                    assertThat(c.columns().get(15).type()).isEqualTo(DataType.varchar(44));
                    assertThat(c.keyColumns()).containsExactly("L_ORDERKEY", "L_PARTKEY", "L_SUPPKEY", "L_LINENUMBER");
                    assertThat(c.distribution().columns()).containsExactly("L_ORDERKEY");
                    assertThat(c.distribution().buckets()).isEqualTo(32);
                    assertThat(c.properties()).containsExactly(Map.entry("replication_num", "3"));
                }),
                of("CREATE TABLE db1.u (k BIGINT, v STRING COMMENT 'value') UNIQUE KEY(k) "
                        + "DISTRIBUTED BY RANDOM BUCKETS 4", n -> {
                    SqlCreateTable c = (SqlCreateTable) n;
                    assertThat(c.database()).isEqualTo("db1");
                    assertThat(c.keysType()).isEqualTo(KeysType.UNIQUE);
                    assertThat(c.distribution().hash()).isFalse();
                    assertThat(c.distribution().columns()).isEmpty();
                    assertThat(c.distribution().buckets()).isEqualTo(4);
                    assertThat(c.columns().get(0).nullable()).isNull();
                    assertThat(c.columns().get(1).comment()).isEqualTo("value");
                    assertThat(c.properties()).isEmpty();
                }),
                of("CREATE TABLE agg (k1 INT, k2 DATE, v BIGINT SUM DEFAULT \"0\", m INT MAX NULL, "
                        + "r VARCHAR REPLACE, rn INT REPLACE_IF_NOT_NULL, mi DOUBLE MIN) "
                        + "AGGREGATE KEY(k1,k2) DISTRIBUTED BY HASH(k1) BUCKETS AUTO", n -> {
                    SqlCreateTable c = (SqlCreateTable) n;
                    assertThat(c.keysType()).isEqualTo(KeysType.AGGREGATE);
                    assertThat(c.keyColumns()).containsExactly("k1", "k2");
                    assertThat(c.distribution().buckets()).isNull();
                    assertThat(c.columns()).extracting(SqlColumnDefinition::aggregation).containsExactly(null, null,
                            AggregationType.SUM, AggregationType.MAX, AggregationType.REPLACE,
                            AggregationType.REPLACE_IF_NOT_NULL, AggregationType.MIN);
                    assertThat(c.columns().get(2).defaultValue()).isEqualTo(SqlColumnDefault.literal("0"));
                    assertThat(c.columns().get(3).nullable()).isTrue();
                    assertThat(c.columns().get(4).type()).isEqualTo(DataType.varchar(65533));
                }),
                of("CREATE TABLE t (id INT) DUPLICATE KEY(id) COMMENT 'my table' DISTRIBUTED BY HASH(id)", n -> {
                    SqlCreateTable c = (SqlCreateTable) n;
                    assertThat(c.comment()).isEqualTo("my table");
                    assertThat(c.distribution().buckets()).isNull();
                }),
                of("CREATE TABLE t (id INT) ENGINE = OLAP COMMENT \"after engine\" DUPLICATE KEY(id)", n -> {
                    SqlCreateTable c = (SqlCreateTable) n;
                    assertThat(c.engine()).isEqualTo("OLAP");
                    assertThat(c.comment()).isEqualTo("after engine");
                    assertThat(c.distribution()).isNull();
                }),
                of("CREATE TABLE types (a BOOLEAN, b BOOL, c TINYINT(4), d SMALLINT, e INT, f INTEGER, g BIGINT(20), "
                        + "h LARGEINT, i FLOAT, j DOUBLE, k DECIMAL, l DECIMALV3(38, 10), m DECIMAL(10), n DATE, "
                        + "o DATEV2, p DATETIME, q DATETIMEV2(3), r DATETIME(6), s CHAR, t CHAR(10), u VARCHAR, "
                        + "v VARCHAR(255), w STRING, x TEXT, y JSON, z JSONB)", n -> {
                    SqlCreateTable c = (SqlCreateTable) n;
                    assertThat(c.keysType()).isNull();
                    assertThat(c.keyColumns()).isEmpty();
                    assertThat(c.columns()).extracting(SqlColumnDefinition::type).containsExactly(
                            DataType.BOOLEAN, DataType.BOOLEAN, DataType.TINYINT, DataType.SMALLINT, DataType.INT,
                            DataType.INT, DataType.BIGINT, DataType.LARGEINT, DataType.FLOAT, DataType.DOUBLE,
                            DataType.decimal(9, 0), DataType.decimal(38, 10), DataType.decimal(10, 0), DataType.DATE,
                            DataType.DATE, DataType.datetime(0), DataType.datetime(3), DataType.datetime(6),
                            DataType.charType(1), DataType.charType(10), DataType.varchar(65533),
                            DataType.varchar(255), DataType.STRING, DataType.STRING, DataType.JSON, DataType.JSON);
                }),
                of("CREATE TABLE d (a INT DEFAULT NULL, b DATETIME DEFAULT CURRENT_TIMESTAMP, c INT NOT NULL DEFAULT -1, "
                        + "d DOUBLE DEFAULT 1.5, e VARCHAR(10) DEFAULT 'it''s', f BOOLEAN DEFAULT true, "
                        + "`status` INT COMMENT 'words like status and comment stay names')", n -> {
                    List<SqlColumnDefinition> cols = ((SqlCreateTable) n).columns();
                    assertThat(cols.get(0).defaultValue().kind()).isEqualTo(SqlColumnDefault.Kind.NULL);
                    assertThat(cols.get(1).defaultValue().kind()).isEqualTo(SqlColumnDefault.Kind.CURRENT_TIMESTAMP);
                    assertThat(cols.get(2).defaultValue()).isEqualTo(SqlColumnDefault.literal("-1"));
                    assertThat(cols.get(2).nullable()).isFalse();
                    assertThat(cols.get(3).defaultValue().literal()).isEqualTo("1.5");
                    assertThat(cols.get(4).defaultValue().literal()).isEqualTo("it's");
                    assertThat(cols.get(5).defaultValue().literal()).isEqualTo("true");
                    assertThat(cols.get(6).name()).isEqualTo("status");
                }),

                // ---- DROP / TRUNCATE / ALTER
                of("DROP TABLE IF EXISTS db1.t1 FORCE", n -> {
                    SqlDropTable d = (SqlDropTable) n;
                    assertThat(d.database()).isEqualTo("db1");
                    assertThat(d.table()).isEqualTo("t1");
                    assertThat(d.ifExists()).isTrue();
                    assertThat(d.force()).isTrue();
                }),
                of("drop table t1", n -> {
                    SqlDropTable d = (SqlDropTable) n;
                    assertThat(d.database()).isNull();
                    assertThat(d.ifExists()).isFalse();
                    assertThat(d.force()).isFalse();
                }),
                of("TRUNCATE TABLE db1.t1", n -> {
                    SqlTruncateTable t = (SqlTruncateTable) n;
                    assertThat(t.database()).isEqualTo("db1");
                    assertThat(t.table()).isEqualTo("t1");
                }),
                of("TRUNCATE t1", n -> assertThat(((SqlTruncateTable) n).table()).isEqualTo("t1")),
                of("ALTER TABLE t SET (\"group_commit_interval_ms\" = \"2000\", \"light_schema_change\" = \"true\")", n -> {
                    SqlAlterTable a = (SqlAlterTable) n;
                    assertThat(a.table()).isEqualTo("t");
                    assertThat(a.operations()).containsExactly(new AlterOperation.SetProperties(
                            Map.of("group_commit_interval_ms", "2000", "light_schema_change", "true")));
                    assertThat(((AlterOperation.SetProperties) a.operations().get(0)).properties().keySet())
                            .containsExactly("group_commit_interval_ms", "light_schema_change");
                }),
                of("ALTER TABLE db1.t ADD COLUMN c INT DEFAULT \"0\" AFTER b, ADD COLUMN f BIGINT FIRST, "
                        + "ADD g STRING, DROP COLUMN d, MODIFY COLUMN e BIGINT NOT NULL", n -> {
                    SqlAlterTable a = (SqlAlterTable) n;
                    assertThat(a.database()).isEqualTo("db1");
                    List<AlterOperation> ops = a.operations();
                    assertThat(ops).hasSize(5);
                    AlterOperation.AddColumn add = (AlterOperation.AddColumn) ops.get(0);
                    assertThat(add.column().name()).isEqualTo("c");
                    assertThat(add.column().defaultValue().literal()).isEqualTo("0");
                    assertThat(add.after()).isEqualTo("b");
                    assertThat(add.first()).isFalse();
                    assertThat(((AlterOperation.AddColumn) ops.get(1)).first()).isTrue();
                    assertThat(((AlterOperation.AddColumn) ops.get(2)).after()).isNull();
                    assertThat(ops.get(3)).isEqualTo(new AlterOperation.DropColumn("d"));
                    AlterOperation.ModifyColumn mod = (AlterOperation.ModifyColumn) ops.get(4);
                    assertThat(mod.column().type()).isEqualTo(DataType.BIGINT);
                    assertThat(mod.column().nullable()).isFalse();
                }),

                // ---- SET
                of("SET x = 1", n -> assertAssignment(n, 0, SqlSetVariables.Scope.SESSION, "x", 1)),
                of("SET group_commit = async_mode", n -> {
                    SqlSetVariables.Assignment a = ((SqlSetVariables) n).assignments().get(0);
                    assertThat(a.name()).isEqualTo("group_commit");
                    assertThat(a.value()).isInstanceOf(SqlIdentifier.class);
                    assertThat(SqlSetVariables.bareWord(a.value())).isEqualTo("async_mode");
                }),
                of("SET SESSION x = 'a'", n -> assertAssignment(n, 0, SqlSetVariables.Scope.SESSION, "x", "a")),
                of("SET GLOBAL x = 1", n -> assertAssignment(n, 0, SqlSetVariables.Scope.GLOBAL, "x", 1)),
                of("SET @@x = 1", n -> assertAssignment(n, 0, SqlSetVariables.Scope.SESSION, "x", 1)),
                of("SET @@session.x = 1", n -> assertAssignment(n, 0, SqlSetVariables.Scope.SESSION, "x", 1)),
                of("SET @@global.X = 1", n -> assertAssignment(n, 0, SqlSetVariables.Scope.GLOBAL, "x", 1)),
                of("SET @@local.x = 1", n -> assertAssignment(n, 0, SqlSetVariables.Scope.SESSION, "x", 1)),
                of("SET LOCAL x = 1", n -> assertAssignment(n, 0, SqlSetVariables.Scope.SESSION, "x", 1)),
                of("SET x = DEFAULT", n -> {
                    SqlSetVariables.Assignment a = ((SqlSetVariables) n).assignments().get(0);
                    assertThat(SqlSetVariables.isDefault(a.value())).isTrue();
                }),
                of("SET a = 1, b = 'x', GLOBAL c = 2", n -> {
                    assertThat(((SqlSetVariables) n).assignments()).hasSize(3);
                    assertAssignment(n, 0, SqlSetVariables.Scope.SESSION, "a", 1);
                    assertAssignment(n, 1, SqlSetVariables.Scope.SESSION, "b", "x");
                    assertAssignment(n, 2, SqlSetVariables.Scope.GLOBAL, "c", 2);
                }),
                of("SET autocommit=1", n -> assertAssignment(n, 0, SqlSetVariables.Scope.SESSION, "autocommit", 1)),
                of("SET AutoCommit = 0", n -> assertAssignment(n, 0, SqlSetVariables.Scope.SESSION, "autocommit", 0)),
                of("SET sql_mode = 'A,B'", n -> assertAssignment(n, 0, SqlSetVariables.Scope.SESSION, "sql_mode", "A,B")),
                of("SET character_set_results = NULL", n -> {
                    SqlNode v = ((SqlSetVariables) n).assignments().get(0).value();
                    assertThat(v.getKind()).isEqualTo(SqlKind.LITERAL);
                    assertThat(((SqlLiteral) v).getValue()).isNull();
                }),
                of("SET x := 1", n -> assertAssignment(n, 0, SqlSetVariables.Scope.SESSION, "x", 1)),
                of("SET sql_safe_updates = ON, foreign_key_checks = OFF", n -> {
                    List<SqlSetVariables.Assignment> as = ((SqlSetVariables) n).assignments();
                    assertThat(SqlSetVariables.bareWord(as.get(0).value())).isEqualTo("ON");
                    assertThat(SqlSetVariables.bareWord(as.get(1).value())).isEqualTo("OFF");
                }),
                of("SET x = 1 + 2", n -> assertThat(((SqlSetVariables) n).assignments().get(0).value().getKind())
                        .isEqualTo(SqlKind.PLUS)),
                of("SET NAMES utf8mb4", n -> assertNames(n, "utf8mb4", null)),
                of("set sql_mode=CONCAT(@@sql_mode,',STRICT_TRANS_TABLES'),NAMES utf8mb4 COLLATE utf8mb4_bin", n -> {
                    List<SqlSetVariables.Assignment> as = ((SqlSetVariables) n).assignments();
                    assertThat(as).extracting(SqlSetVariables.Assignment::name).containsExactly("sql_mode",
                            "character_set_client", "character_set_connection", "character_set_results",
                            "collation_connection");
                    assertAssignment(n, 1, SqlSetVariables.Scope.SESSION, "character_set_client", "utf8mb4");
                    assertAssignment(n, 4, SqlSetVariables.Scope.SESSION, "collation_connection", "utf8mb4_bin");
                }),
                of("SET NAMES utf8mb4 COLLATE utf8mb4_general_ci", n -> assertNames(n, "utf8mb4", "utf8mb4_general_ci")),
                of("SET NAMES 'utf8' COLLATE 'utf8_bin'", n -> assertNames(n, "utf8", "utf8_bin")),
                of("SET NAMES DEFAULT", n -> assertNames(n, null, null)),
                of("SET CHARACTER SET utf8mb4", n -> assertNames(n, "utf8mb4", null)),
                of("SET CHARSET latin1", n -> assertNames(n, "latin1", null)),
                of("SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED", n -> {
                    SqlSetTransaction t = (SqlSetTransaction) n;
                    assertThat(t.scope()).isEqualTo(SqlSetVariables.Scope.SESSION);
                    assertThat(t.isolationLevel()).isEqualTo("READ COMMITTED");
                    assertThat(t.readOnly()).isNull();
                }),
                of("SET GLOBAL TRANSACTION READ ONLY", n -> {
                    SqlSetTransaction t = (SqlSetTransaction) n;
                    assertThat(t.scope()).isEqualTo(SqlSetVariables.Scope.GLOBAL);
                    assertThat(t.readOnly()).isTrue();
                }),
                of("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ WRITE", n -> {
                    SqlSetTransaction t = (SqlSetTransaction) n;
                    assertThat(t.scope()).isNull();
                    assertThat(t.isolationLevel()).isEqualTo("REPEATABLE READ");
                    assertThat(t.readOnly()).isFalse();
                }),
                of("SET transaction_isolation = 'READ-COMMITTED'", n -> assertAssignment(n, 0,
                        SqlSetVariables.Scope.SESSION, "transaction_isolation", "READ-COMMITTED")),

                // ---- transactions
                of("BEGIN", n -> assertThat(((SqlBegin) n).label()).isNull()),
                of("BEGIN WITH LABEL load_1", n -> assertThat(((SqlBegin) n).label()).isEqualTo("load_1")),
                of("START TRANSACTION", n -> assertThat(((SqlBegin) n).label()).isNull()),
                of("COMMIT", n -> assertThat(n).isInstanceOf(SqlCommit.class)),
                of("commit work", n -> assertThat(n).isInstanceOf(SqlCommit.class)),
                of("ROLLBACK", n -> assertThat(n).isInstanceOf(SqlRollback.class)),
                of("ROLLBACK WORK;", n -> assertThat(n).isInstanceOf(SqlRollback.class)),

                // ---- INSERT
                of("INSERT INTO t VALUES (1, 'a'), (2, 'b')", n -> {
                    SqlDorisInsert i = (SqlDorisInsert) n;
                    assertThat(i.database()).isNull();
                    assertThat(i.table()).isEqualTo("t");
                    assertThat(i.label()).isNull();
                    assertThat(i.columns()).isNull();
                    assertThat(i.source().getKind()).isEqualTo(SqlKind.VALUES);
                    assertThat(((SqlCall) i.source()).getOperandList()).hasSize(2);
                }),
                of("INSERT INTO db1.t WITH LABEL lbl_1 (c1, c2) VALUES (1, 2)", n -> {
                    SqlDorisInsert i = (SqlDorisInsert) n;
                    assertThat(i.database()).isEqualTo("db1");
                    assertThat(i.label()).isEqualTo("lbl_1");
                    assertThat(i.columns()).containsExactly("c1", "c2");
                }),
                of("INSERT INTO t (a) SELECT x FROM s WHERE y > 1", n -> {
                    SqlDorisInsert i = (SqlDorisInsert) n;
                    assertThat(i.columns()).containsExactly("a");
                    assertThat(i.source()).isInstanceOf(SqlSelect.class);
                }),
                of("INSERT INTO t WITH label AS (SELECT 1 AS x) SELECT x FROM label", n -> {
                    SqlDorisInsert i = (SqlDorisInsert) n;
                    assertThat(i.label()).isNull();
                    assertThat(i.source().getKind()).isEqualTo(SqlKind.WITH);
                }),
                of("INSERT INTO t VALUES (?, ?)", n -> {
                    SqlNode row = ((SqlCall) ((SqlDorisInsert) n).source()).getOperandList().get(0);
                    assertThat(((SqlCall) row).getOperandList()).allSatisfy(
                            p -> assertThat(p).isInstanceOf(SqlDynamicParam.class));
                }),
                of("INSERT INTO t VALUES (-1, 1.5, 'x', \"y\", NULL, TRUE, DATE '2020-01-01', "
                        + "CAST('2020-01-01' AS DATE), 1+100, 'it\\'s')", n -> {
                    SqlNode row = ((SqlCall) ((SqlDorisInsert) n).source()).getOperandList().get(0);
                    List<SqlNode> v = ((SqlCall) row).getOperandList();
                    assertThat(v).hasSize(10);
                    assertThat(((SqlLiteral) v.get(1)).getValueAs(BigDecimal.class)).isEqualByComparingTo("1.5");
                    assertThat(((SqlLiteral) v.get(2)).getValueAs(String.class)).isEqualTo("x");
                    assertThat(((SqlLiteral) v.get(3)).getValueAs(String.class)).isEqualTo("y");
                    assertThat(v.get(6).getKind()).isEqualTo(SqlKind.LITERAL);
                    assertThat(v.get(7).getKind()).isEqualTo(SqlKind.CAST);
                    assertThat(v.get(8).getKind()).isEqualTo(SqlKind.PLUS);
                    assertThat(((SqlLiteral) v.get(9)).getValueAs(String.class)).isEqualTo("it's");
                }),

                // ---- SELECT
                of("SELECT 1", n -> assertThat(n).isInstanceOf(SqlSelect.class)),
                of("select @@version_comment limit 1", n -> {
                    SqlOrderBy o = (SqlOrderBy) n;
                    assertThat(((SqlLiteral) o.fetch).intValue(true)).isEqualTo(1);
                    SqlSystemVariable v = (SqlSystemVariable) ((SqlSelect) o.query).getSelectList().get(0);
                    assertThat(v.scope()).isEqualTo(SqlSystemVariable.Scope.DEFAULT);
                    assertThat(v.name()).isEqualTo("version_comment");
                    assertThat(v.label()).isEqualTo("@@version_comment");
                }),
                of("SELECT DATABASE()", n -> assertFunction(n, "DATABASE")),
                of("SELECT USER()", n -> assertThat(selectItem(n, 0).getKind()).isNotNull()),
                of("SELECT CURRENT_USER()", n -> assertThat(((SqlCall) selectItem(n, 0)).getOperator().getName())
                        .isEqualTo("CURRENT_USER")),
                of("SELECT CURRENT_USER", n -> assertThat(selectItem(n, 0)).isNotNull()),
                of("SELECT CONNECTION_ID()", n -> assertFunction(n, "CONNECTION_ID")),
                of("SELECT VERSION()", n -> assertFunction(n, "VERSION")),
                of("SELECT NOW()", n -> assertFunction(n, "NOW")),
                of("SELECT 1 FROM dual", n -> assertThat(((SqlSelect) n).getFrom().toString()).contains("dual")),
                of("SELECT a, count(*) FROM t WHERE x > 1 GROUP BY a ORDER BY a LIMIT 10", n -> {
                    SqlOrderBy o = (SqlOrderBy) n;
                    assertThat(o.orderList).hasSize(1);
                    assertThat(((SqlSelect) o.query).getGroup()).hasSize(1);
                }),
                of("SELECT a FROM t LIMIT 5, 10", n -> {
                    SqlOrderBy o = (SqlOrderBy) n;
                    assertThat(((SqlLiteral) o.offset).intValue(true)).isEqualTo(5);
                    assertThat(((SqlLiteral) o.fetch).intValue(true)).isEqualTo(10);
                }),
                of("SELECT `select`, status, comment, label, `key` FROM `from` WHERE hash(a) = 1 AND if(a, b, c)",
                        n -> assertThat(((SqlSelect) n).getSelectList()).hasSize(5)),
                of("SELECT @@session.tx_isolation, @@GLOBAL.max_allowed_packet + 1, @@local.wait_timeout", n -> {
                    SqlSystemVariable s = (SqlSystemVariable) selectItem(n, 0);
                    assertThat(s.scope()).isEqualTo(SqlSystemVariable.Scope.SESSION);
                    assertThat(s.originalText()).isEqualTo("@@session.tx_isolation");
                    SqlBasicCall plus = (SqlBasicCall) selectItem(n, 1);
                    SqlSystemVariable g = (SqlSystemVariable) plus.operand(0);
                    assertThat(g.scope()).isEqualTo(SqlSystemVariable.Scope.GLOBAL);
                    assertThat(g.name()).isEqualTo("max_allowed_packet");
                    assertThat(((SqlSystemVariable) selectItem(n, 2)).scope()).isEqualTo(SqlSystemVariable.Scope.SESSION);
                }),
                of(CONNECTOR_J_INIT, n -> {
                    SqlNodeList items = ((SqlSelect) n).getSelectList();
                    assertThat(items).hasSize(21);
                    for (SqlNode item : items) {
                        SqlCall as = (SqlCall) item;
                        assertThat(as.getKind()).isEqualTo(SqlKind.AS);
                        SqlSystemVariable v = (SqlSystemVariable) as.operand(0);
                        assertThat(v.name()).isEqualTo(((SqlIdentifier) as.operand(1)).getSimple());
                    }
                    assertThat(((SqlSystemVariable) ((SqlCall) items.get(0)).operand(0)).label())
                            .isEqualTo("@@session.auto_increment_increment");
                }),
                of("# leading comment\nSELECT 'a' -- trailing\n", n -> assertThat(n).isInstanceOf(SqlSelect.class)),
                of("SELECT @@x AS \"label\", DATE \"2020-01-01\", CURRENT_DATE(), CURRENT_TIMESTAMP()", n -> {
                    SqlCall as = (SqlCall) selectItem(n, 0);
                    assertThat(as.getKind()).isEqualTo(SqlKind.AS);
                    assertThat(selectItem(n, 1).getKind()).isEqualTo(SqlKind.LITERAL);
                }),
                of("SELECT 1--1", n -> assertThat(selectItem(n, 0).getKind()).isEqualTo(SqlKind.MINUS)),
                of("SELECT 'it''s', 'it\\'s', \"say \\\"hi\\\"\", 'a\\\\b', 'tab\\there', 'x\\%y', 'q\"q', \"s'q\"", n -> {
                    assertThat(stringItem(n, 0)).isEqualTo("it's");
                    assertThat(stringItem(n, 1)).isEqualTo("it's");
                    assertThat(stringItem(n, 2)).isEqualTo("say \"hi\"");
                    assertThat(stringItem(n, 3)).isEqualTo("a\\b");
                    assertThat(stringItem(n, 4)).isEqualTo("tab\there");
                    assertThat(stringItem(n, 5)).isEqualTo("x\\%y");
                    assertThat(stringItem(n, 6)).isEqualTo("q\"q");
                    assertThat(stringItem(n, 7)).isEqualTo("s'q");
                }),
                of("SELECT 'a\\nb\\0c\\Zd', \"\"\"\"", n -> {
                    assertThat(stringItem(n, 0)).isEqualTo("a\nb\0c\u001Ad");
                    assertThat(stringItem(n, 1)).isEqualTo("\"");
                }));
    }

    private static Arguments of(String sql, Consumer<SqlNode> check) {
        return Arguments.of(sql, check);
    }

    private static SqlNode selectItem(SqlNode n, int i) {
        return ((SqlSelect) n).getSelectList().get(i);
    }

    private static String stringItem(SqlNode n, int i) {
        return ((SqlLiteral) selectItem(n, i)).getValueAs(String.class);
    }

    private static void assertFunction(SqlNode n, String name) {
        assertThat(((SqlCall) selectItem(n, 0)).getOperator().getName()).isEqualToIgnoringCase(name);
    }

    private static void assertColumns(SqlNode n, String db, String table, boolean full, String like) {
        SqlShowColumns s = (SqlShowColumns) n;
        assertThat(s.database()).isEqualTo(db);
        assertThat(s.table()).isEqualTo(table);
        assertThat(s.full()).isEqualTo(full);
        assertThat(s.likePattern()).isEqualTo(like);
    }

    private static void assertSimple(SqlNode n, SqlShowSimple.Kind kind, String like) {
        SqlShowSimple s = (SqlShowSimple) n;
        assertThat(s.kind()).isEqualTo(kind);
        assertThat(s.likePattern()).isEqualTo(like);
    }

    private static void assertNames(SqlNode n, String charset, String collation) {
        SqlSetNames s = (SqlSetNames) n;
        assertThat(s.charset()).isEqualTo(charset);
        assertThat(s.collation()).isEqualTo(collation);
    }

    private static void assertAssignment(SqlNode n, int i, SqlSetVariables.Scope scope, String name, Object value) {
        SqlSetVariables.Assignment a = ((SqlSetVariables) n).assignments().get(i);
        assertThat(a.scope()).isEqualTo(scope);
        assertThat(a.name()).isEqualTo(name);
        SqlLiteral literal = (SqlLiteral) a.value();
        if (value instanceof Integer expected) {
            assertThat(literal.intValue(true)).isEqualTo(expected);
        } else {
            assertThat(literal.getValueAs(String.class)).isEqualTo(value);
        }
    }
}
