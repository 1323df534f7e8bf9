package io.shoaldb.sql.planner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.catalog.Catalog;
import io.shoaldb.catalog.model.ColumnDefinition;
import io.shoaldb.catalog.model.Distribution;
import io.shoaldb.catalog.model.KeysType;
import io.shoaldb.catalog.model.TableDefinition;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.sql.parser.DorisSqlParser;
import io.shoaldb.sql.planner.physical.AggregateStep;
import io.shoaldb.sql.planner.physical.PhysicalExchange;
import io.shoaldb.sql.planner.physical.PhysicalHashAggregate;
import io.shoaldb.sql.planner.physical.PhysicalHashJoin;
import io.shoaldb.sql.planner.physical.PhysicalPlan;
import io.shoaldb.sql.planner.physical.PhysicalProject;
import io.shoaldb.sql.planner.physical.PhysicalRepeat;
import io.shoaldb.sql.planner.physical.PhysicalUnion;
import io.shoaldb.sql.planner.physical.PhysicalScan;
import io.shoaldb.sql.planner.physical.PhysicalNode;
import io.shoaldb.sql.planner.physical.PhysicalSort;
import io.shoaldb.sql.planner.physical.PhysicalWindow;
import io.shoaldb.sql.planner.physical.WindowFunction;
import io.shoaldb.sql.planner.physical.ScanPredicate;
import io.shoaldb.vector.type.DataType;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Plan shapes and MySQL error codes of the planner, over a real catalog. */
class QueryPlannerTest {
    @TempDir
    Path dir;
    private Catalog catalog;
    private final QueryPlanner planner = new QueryPlanner();

    @BeforeEach
    void setUp() {
        catalog = Catalog.open(new LocalFiles(), dir);
        catalog.createDatabase("db", false);
        catalog.createTable(new TableDefinition("db", "t", List.of(
                col("k", DataType.BIGINT), col("d", DataType.DATE), col("s", DataType.varchar(20)),
                col("v", DataType.decimal(15, 2)), col("x", DataType.INT)), null, KeysType.DUPLICATE, List.of("k"),
                Distribution.hash(List.of("k"), 4), Map.of(), null), false);
    }

    @AfterEach
    void tearDown() {
        catalog.close();
    }

    private static ColumnDefinition col(String name, DataType type) {
        return new ColumnDefinition(name, type, true, null, null, null);
    }

    private PhysicalPlan plan(String sql) {
        return planner.plan(DorisSqlParser.parse(sql), catalog.snapshot(), "db");
    }

    /**
     * SUBSTRING with a positive literal position is the plain call (TPC-H Q22's country codes), not Calcite's CASE
     * over the string's character count; other positions keep that mapping.
     */
    @Test
    void substringFromAPositiveLiteralPositionIsThePlainCall() {
        assertThat(plan("SELECT substring(s, 1, 2) FROM t").explain()).contains("substring($0, 1, 2)")
                .doesNotContain("char_length");
        assertThat(plan("SELECT substring(s, x, 2) FROM t").explain()).contains("char_length");
    }

    @Test
    void aggregationRunsInTwoPhasesOverAPrunedFilteredScan() {
        PhysicalPlan p = plan("SELECT sum(v), count(*) FROM t WHERE d < '1998-09-02'");
        PhysicalHashAggregate fin = (PhysicalHashAggregate) p.root();
        assertThat(fin.step()).isEqualTo(AggregateStep.FINAL);
        PhysicalHashAggregate partial = (PhysicalHashAggregate) ((PhysicalExchange) fin.input()).input();
        assertThat(partial.step()).isEqualTo(AggregateStep.PARTIAL);
        PhysicalScan scan = (PhysicalScan) partial.input();
        assertThat(scan.columns()).extracting(c -> c.name()).containsExactly("d", "v");
        assertThat(scan.outputs()).containsExactly(1);
        assertThat(scan.pushed()).isEqualTo(new ScanPredicate.Compare(1, ScanPredicate.Op.LT, LocalDate.of(1998, 9, 2)));
        assertThat(p.columns()).extracting(c -> c.type()).containsExactly(DataType.decimal(38, 2), DataType.BIGINT);
    }

    @Test
    void orderByLimitBecomesPerTaskAndFinalTopN() {
        PhysicalPlan p = plan("SELECT k, s FROM t ORDER BY s DESC, k LIMIT 10 OFFSET 5");
        PhysicalSort top = (PhysicalSort) p.root();
        assertThat(top.offset()).isEqualTo(5);
        assertThat(top.fetch()).isEqualTo(10);
        PhysicalSort perTask = (PhysicalSort) ((PhysicalExchange) top.input()).input();
        assertThat(perTask.fetch()).isEqualTo(15);
        assertThat(perTask.keys().get(0).ascending()).isFalse();
        assertThat(perTask.keys().get(0).nullsFirst()).isFalse();
        assertThat(perTask.keys().get(1).nullsFirst()).isTrue();
    }

    @Test
    void fullSortRunsPerTaskIntoAMergeExchange() {
        PhysicalPlan p = plan("SELECT k, s FROM t ORDER BY s DESC, k");
        PhysicalExchange merge = (PhysicalExchange) p.root();
        assertThat(merge.kind()).isEqualTo(PhysicalExchange.Kind.MERGE);
        PhysicalSort perTask = (PhysicalSort) merge.input();
        assertThat(perTask.isTopN()).isFalse();
        assertThat(merge.ordering()).isEqualTo(perTask.keys());
        assertThat(merge.ordering().get(0).ascending()).isFalse();
    }

    @Test
    void windowsRunPerPartitionKeyOrOnOneDriver() {
        PhysicalPlan partitioned = plan("SELECT k, sum(v) OVER (PARTITION BY s ORDER BY k) FROM t");
        // Calcite writes SUM OVER as CASE WHEN COUNT OVER > 0 THEN SUM OVER END: a projection over the window.
        assertThat(((PhysicalExchange) partitioned.root()).kind()).isEqualTo(PhysicalExchange.Kind.GATHER);
        PhysicalWindow window = (PhysicalWindow) ((PhysicalExchange) partitioned.root()).input().inputs().get(0);
        PhysicalExchange hash = (PhysicalExchange) window.input();
        assertThat(hash.kind()).isEqualTo(PhysicalExchange.Kind.HASH);
        PhysicalScan scan = (PhysicalScan) hash.input();
        assertThat(scan.columns()).extracting(c -> c.name()).containsExactly("k", "s", "v");
        assertThat(window.functions()).extracting(f -> f.kind()).containsExactly(WindowFunction.Kind.COUNT,
                WindowFunction.Kind.SUM);
        assertThat(window.functions().get(0).frame().toString())
                .isEqualTo("RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW");
        assertThat(partitioned.columns()).extracting(c -> c.type()).containsExactly(DataType.BIGINT, DataType.decimal(38, 2));

        PhysicalPlan single = plan("SELECT k, row_number() OVER (ORDER BY k), lag(s, 2, 'x') OVER (ORDER BY k) FROM t");
        // No PARTITION BY: one driver, after a GATHER; functions of different frames are stacked windows.
        List<WindowFunction> functions = new java.util.ArrayList<>();
        PhysicalNode node = single.root();
        while (!(node instanceof PhysicalExchange)) {
            if (node instanceof PhysicalWindow w) {
                functions.addAll(0, w.functions());
            }
            node = node.inputs().get(0);
        }
        assertThat(((PhysicalExchange) node).kind()).isEqualTo(PhysicalExchange.Kind.GATHER);
        assertThat(functions).extracting(f -> f.kind()).containsExactlyInAnyOrder(WindowFunction.Kind.ROW_NUMBER,
                WindowFunction.Kind.LAG);
        assertThat(functions).filteredOn(f -> f.kind() == WindowFunction.Kind.LAG).extracting(f -> f.offset())
                .containsExactly(2L);
    }

    @Test
    void namesFollowDoris() {
        assertThat(plan("SELECT K, S FROM t").columns()).extracting(c -> c.name()).containsExactly("K", "S");
        assertError("SELECT * FROM T", ErrorCode.NO_SUCH_TABLE, "Table 'db.T' doesn't exist");
        assertError("SELECT * FROM nope", ErrorCode.NO_SUCH_TABLE, "Table 'db.nope' doesn't exist");
        assertError("SELECT * FROM other.t", ErrorCode.UNKNOWN_DATABASE, "Unknown database 'other'");
        assertThatThrownBy(() -> planner.plan(DorisSqlParser.parse("SELECT * FROM t"), catalog.snapshot(), null))
                .isInstanceOf(ShoalException.class).extracting(e -> ((ShoalException) e).code())
                .isEqualTo(ErrorCode.NO_DB_SELECTED);
    }

    @Test
    void unknownColumnsNameTheClause() {
        assertError("SELECT nope FROM t", ErrorCode.UNKNOWN_COLUMN, "Unknown column 'nope' in 'field list'");
        assertError("SELECT k FROM t WHERE nope > 1", ErrorCode.UNKNOWN_COLUMN, "Unknown column 'nope' in 'where clause'");
        assertError("SELECT k FROM t ORDER BY nope", ErrorCode.UNKNOWN_COLUMN, "Unknown column 'nope' in 'order clause'");
        assertError("SELECT count(*) FROM t GROUP BY nope", ErrorCode.UNKNOWN_COLUMN,
                "Unknown column 'nope' in 'group statement'");
        // Calcite reports the unknown qualifier alone; MySQL would print 'u.k'.
        assertError("SELECT u.k FROM t", ErrorCode.UNKNOWN_COLUMN, "Unknown column 'u' in 'field list'");
    }

    @Test
    void typeAndFunctionErrors() {
        assertError("SELECT d * 2 FROM t", ErrorCode.INVALID_QUERY, "Cannot apply '*'");
        assertThat(code("SELECT k FROM t WHERE d + 1 > 3")).isIn(ErrorCode.INVALID_QUERY, ErrorCode.NOT_SUPPORTED);
        assertThat(code("SELECT nosuchfn(k) FROM t")).isEqualTo(ErrorCode.UNKNOWN_FUNCTION);
        assertThat(ErrorCode.INVALID_QUERY.mysqlErrorNumber()).isEqualTo(1105);
    }

    @Test
    void unsupportedConstructsSaySo() {
        assertError("SELECT k FROM t INTERSECT ALL SELECT x FROM t", ErrorCode.NOT_SUPPORTED, "INTERSECT ALL");
        assertError("SELECT k FROM t WHERE k IN (SELECT k FROM t EXCEPT ALL SELECT x FROM t)", ErrorCode.NOT_SUPPORTED,
                "EXCEPT ALL");
        assertError("SELECT k, count(DISTINCT s) FROM t GROUP BY ROLLUP(k)", ErrorCode.NOT_SUPPORTED,
                "DISTINCT aggregates with GROUPING SETS");
        assertError("SELECT sum(x) OVER (ORDER BY k RANGE BETWEEN 1 PRECEDING AND CURRENT ROW) FROM t",
                ErrorCode.NOT_SUPPORTED, "RANGE frames with value offsets");
        assertError("SELECT * FROM (SELECT k, sum(x) OVER (ORDER BY k RANGE BETWEEN CURRENT ROW AND 2 FOLLOWING) FROM t) d",
                ErrorCode.NOT_SUPPORTED, "RANGE frames with value offsets");
        assertError("SELECT initcap(s) FROM t", ErrorCode.NOT_SUPPORTED, "INITCAP");
        assertThat(ErrorCode.NOT_SUPPORTED.mysqlErrorNumber()).isEqualTo(1235);
    }

    @Test
    void joinsBuildTheSmallerSideAndPartitionBigBuilds() {
        catalog.createTable(new TableDefinition("db", "small", List.of(col("k", DataType.BIGINT), col("y", DataType.INT)),
                null, KeysType.DUPLICATE, List.of("k"), Distribution.hash(List.of("k"), 2), Map.of(), null), false);
        long bigId = catalog.snapshot().table("db", "t").orElseThrow().id();
        TableStatistics stats = id -> java.util.OptionalLong.of(id == bigId ? 10_000_000 : 100);
        String sql = "SELECT t.s, small.y FROM small JOIN t ON t.k = small.k";
        PhysicalPlan broadcast = planner.plan(DorisSqlParser.parse(sql), catalog.snapshot(), "db",
                new PlannerSettings(stats, PlannerSettings.DEFAULT_BROADCAST_ROW_LIMIT));
        PhysicalHashJoin join = find(broadcast.root(), PhysicalHashJoin.class);
        assertThat(join.distribution()).isEqualTo(PhysicalHashJoin.Distribution.BROADCAST);
        assertThat(((PhysicalScan) join.probe()).table()).isEqualTo("t");
        assertThat(((PhysicalExchange) join.build()).kind()).isEqualTo(PhysicalExchange.Kind.BROADCAST);
        PhysicalPlan partitioned = planner.plan(DorisSqlParser.parse(sql), catalog.snapshot(), "db",
                new PlannerSettings(stats, 10));
        join = find(partitioned.root(), PhysicalHashJoin.class);
        assertThat(join.distribution()).isEqualTo(PhysicalHashJoin.Distribution.PARTITIONED);
        assertThat(((PhysicalExchange) join.probe()).kind()).isEqualTo(PhysicalExchange.Kind.HASH);
        assertThat(((PhysicalExchange) join.build()).kind()).isEqualTo(PhysicalExchange.Kind.HASH);
        assertThat(partitioned.columns()).extracting(c -> c.type()).containsExactly(DataType.varchar(20), DataType.INT);
    }

    @Test
    void subqueriesBecomeJoins() {
        PhysicalPlan p = plan("SELECT k FROM t WHERE EXISTS (SELECT * FROM t u WHERE u.x = t.x) AND k IN (SELECT x FROM t)");
        assertThat(p.explain()).contains("HashJoin").doesNotContain("Correlate");
        assertError("SELECT * FROM t WHERE missing IN (SELECT k FROM t)", ErrorCode.UNKNOWN_COLUMN, "missing");
        assertError("SELECT * FROM t WHERE k IN (SELECT k FROM nope)", ErrorCode.NO_SUCH_TABLE, "nope");
    }

    private static <T> T find(io.shoaldb.sql.planner.physical.PhysicalNode node, Class<T> type) {
        if (type.isInstance(node)) {
            return type.cast(node);
        }
        for (io.shoaldb.sql.planner.physical.PhysicalNode in : node.inputs()) {
            T found = find(in, type);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    private ErrorCode code(String sql) {
        try {
            plan(sql);
        } catch (ShoalException e) {
            return e.code();
        }
        throw new AssertionError("no error for " + sql);
    }

    @Test
    void unionAllRunsItsBranchesInParallelUnderOneGather() {
        PhysicalPlan p = plan("SELECT k, x FROM t UNION ALL SELECT x, k FROM t WHERE d > '2020-01-01'");
        PhysicalExchange gather = (PhysicalExchange) p.root();
        assertThat(gather.kind()).isEqualTo(PhysicalExchange.Kind.GATHER);
        PhysicalUnion union = (PhysicalUnion) gather.input();
        assertThat(union.inputs()).hasSize(2);
        // INT with BIGINT is BIGINT, as in Doris: the INT columns of both branches are cast.
        assertThat(p.columns()).extracting(c -> c.type()).containsExactly(DataType.BIGINT, DataType.BIGINT);
        assertThat(union.inputs()).allSatisfy(in -> assertThat(in).isInstanceOf(PhysicalProject.class));
        assertThat(((PhysicalProject) union.inputs().get(1)).input()).isInstanceOf(PhysicalScan.class);
    }

    @Test
    void filtersAndColumnPruningReachTheScansOfUnionBranches() {
        PhysicalPlan p = plan("SELECT s, count(*) FROM (SELECT * FROM t UNION ALL SELECT * FROM t WHERE x > 1) u"
                + " WHERE k < 10 GROUP BY s");
        String explain = p.explain();
        assertThat(explain).doesNotContain("Filter");
        assertThat(explain.lines().filter(l -> l.contains("Scan db.t")).toList()).hasSize(2).allSatisfy(scan -> {
            assertThat(scan).contains("columns=[k, s", "pushed=");
            assertThat(scan).doesNotContain(" d,", " v,");
        });
    }

    @Test
    void distinctSetOperationsAreParallelAggregationsOverUnionAll() {
        for (String op : List.of("UNION", "INTERSECT", "EXCEPT", "MINUS")) {
            PhysicalPlan p = plan("SELECT s FROM t " + op + " SELECT s FROM t WHERE x > 1");
            String explain = p.explain();
            // The partial aggregation runs right on the union's drivers; nothing is gathered below the final step.
            assertThat(explain).as(op).containsSubsequence("HashAggregate(FINAL)", "Exchange(HASH)",
                    "HashAggregate(PARTIAL)", "UnionAll inputs=2");
            assertThat(explain).as(op).matches("(?s).*HashAggregate\\(PARTIAL\\)[^\\n]*\\n\\s*UnionAll.*");
        }
        PhysicalPlan mixed = plan("SELECT s FROM t UNION SELECT k FROM t");
        assertThat(mixed.columns()).extracting(c -> c.type()).containsExactly(DataType.STRING);
        PhysicalPlan decimals = plan("SELECT v FROM t UNION ALL SELECT x FROM t");
        assertThat(decimals.columns()).extracting(c -> c.type()).containsExactly(DataType.decimal(15, 2));
    }

    @Test
    void groupingSetsRepeatRowsUnderATwoPhaseAggregation() {
        PhysicalPlan p = plan("SELECT k, s, sum(v), grouping(s), grouping_id(k, s) FROM t GROUP BY ROLLUP(k, s)");
        PhysicalProject project = (PhysicalProject) ((PhysicalExchange) p.root()).input();
        PhysicalHashAggregate fin = (PhysicalHashAggregate) project.input();
        assertThat(fin.step()).isEqualTo(AggregateStep.FINAL);
        PhysicalExchange hash = (PhysicalExchange) fin.input();
        assertThat(hash.kind()).isEqualTo(PhysicalExchange.Kind.HASH);
        PhysicalHashAggregate partial = (PhysicalHashAggregate) hash.input();
        PhysicalRepeat repeat = (PhysicalRepeat) partial.input();
        // ROLLUP(k, s) = sets (k, s), (k), (); constants: set number, GROUPING(s), GROUPING_ID(k, s).
        assertThat(repeat.sets()).containsExactly(List.of(0, 1), List.of(0), List.of());
        assertThat(repeat.constants()).containsExactly(List.of(0L, 0L, 0L), List.of(1L, 1L, 1L), List.of(2L, 1L, 3L));
        // Grouped by the copied keys and the constants, never by the original columns.
        int width = repeat.input().outputTypes().size();
        assertThat(partial.groupKeys()).containsExactly(width, width + 1, width + 2, width + 3, width + 4);
        assertThat(p.columns()).extracting(c -> c.type()).containsExactly(DataType.BIGINT, DataType.varchar(20),
                DataType.decimal(38, 2), DataType.BIGINT, DataType.BIGINT);
    }

    private void assertError(String sql, ErrorCode code, String text) {
        assertThatThrownBy(() -> plan(sql)).isInstanceOf(ShoalException.class)
                .satisfies(e -> assertThat(((ShoalException) e).code()).isEqualTo(code))
                .hasMessageContaining(text);
    }
}
