package io.shoaldb.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.catalog.model.KeysType;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.sql.planner.PlannerSettings;
import io.shoaldb.sql.planner.TableStatistics;
import io.shoaldb.sql.planner.physical.JoinType;
import io.shoaldb.sql.planner.physical.OutputColumn;
import io.shoaldb.sql.planner.physical.PhysicalExchange;
import io.shoaldb.sql.planner.physical.PhysicalHashJoin;
import io.shoaldb.sql.planner.physical.PhysicalPlan;
import io.shoaldb.sql.planner.physical.PhysicalValues;
import io.shoaldb.sql.planner.physical.expr.ColumnRef;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.type.DataType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Join and subquery semantics (NULL keys, outer joins, NOT IN with NULLs, EXISTS, empty sides, scalar
 * subqueries with 0/1/2 rows) over a real catalog and storage, each query run four ways: one driver or
 * three, broadcast or partitioned joins - the answers must not depend on how the work is split.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class JoinExecutionTest {
    @TempDir
    static Path dir;
    private TestDatabase db;

    @BeforeAll
    void setUp() {
        db = new TestDatabase(dir, 3, 2);
        db.create("t1", KeysType.DUPLICATE, List.of("k"), List.of(TestDatabase.col("k", DataType.INT, false),
                TestDatabase.col("a", DataType.INT, true), TestDatabase.col("s", DataType.varchar(10), true)), 3);
        db.create("t2", KeysType.DUPLICATE, List.of("k"), List.of(TestDatabase.col("k", DataType.INT, false),
                TestDatabase.col("b", DataType.INT, true), TestDatabase.col("s", DataType.varchar(10), true)), 2);
        db.create("nothing", KeysType.DUPLICATE, List.of("k"), List.of(TestDatabase.col("k", DataType.INT, false),
                TestDatabase.col("b", DataType.INT, true)), 2);
        load("t1", List.of(DataType.INT, DataType.INT, DataType.varchar(10)),
                row(1, 10, "x"), row(2, 20, "y"), row(3, null, "z"), row(4, 40, null));
        load("t2", List.of(DataType.INT, DataType.INT, DataType.varchar(10)),
                row(1, 10, "p"), row(2, null, "q"), row(5, 50, "r"), row(6, 10, "s"));
    }

    @AfterAll
    void tearDown() {
        db.close();
    }

    private static Object[] row(Object... values) {
        return values;
    }

    private void load(String table, List<DataType> types, Object[]... rows) {
        BatchBuilder b = new BatchBuilder(types, rows.length);
        for (Object[] r : rows) {
            b.appendRow(r);
        }
        db.load(table, b.build());
    }

    static Stream<Arguments> ways() {
        return Stream.of(Arguments.of(1, PlannerSettings.DEFAULT_BROADCAST_ROW_LIMIT), Arguments.of(3,
                PlannerSettings.DEFAULT_BROADCAST_ROW_LIMIT), Arguments.of(1, 0L), Arguments.of(3, 0L));
    }

    private List<String> rows(String sql, int parallelism, long broadcastLimit) {
        List<String> out = new ArrayList<>();
        for (List<Object> r : db.query(sql, new PlannerSettings(TableStatistics.NONE, broadcastLimit),
                QueryContext.of(0, parallelism))) {
            out.add(String.join(",", r.stream().map(String::valueOf).toList()));
        }
        return out;
    }

    private void check(int parallelism, long limit, String sql, String... expected) {
        assertThat(rows(sql, parallelism, limit)).as(sql).containsExactlyInAnyOrder(expected);
    }

    @ParameterizedTest
    @MethodSource("ways")
    void innerAndOuterJoinsNeverMatchNullKeys(int p, long limit) {
        check(p, limit, "SELECT t1.k, t2.k FROM t1 JOIN t2 ON t1.a = t2.b", "1,1", "1,6");
        check(p, limit, "SELECT t1.k, t2.k FROM t1 LEFT JOIN t2 ON t1.a = t2.b",
                "1,1", "1,6", "2,null", "3,null", "4,null");
        check(p, limit, "SELECT t1.k, t2.k FROM t1 RIGHT JOIN t2 ON t1.a = t2.b", "1,1", "1,6", "null,2", "null,5");
        check(p, limit, "SELECT t1.k, t2.k FROM t1 FULL JOIN t2 ON t1.a = t2.b",
                "1,1", "1,6", "2,null", "3,null", "4,null", "null,2", "null,5");
        check(p, limit, "SELECT t1.k, t2.s FROM t1, t2 WHERE t1.k = t2.k", "1,p", "2,q");
    }

    @ParameterizedTest
    @MethodSource("ways")
    void residualConditionsAndCrossJoins(int p, long limit) {
        check(p, limit, "SELECT t1.k, t2.k FROM t1 LEFT JOIN t2 ON t1.k = t2.k AND t2.b IS NULL",
                "1,null", "2,2", "3,null", "4,null");
        check(p, limit, "SELECT t1.k, t2.k FROM t1 JOIN t2 ON t1.a > t2.b", "2,1", "2,6", "4,1", "4,6");
        check(p, limit, "SELECT count(*) FROM t1, t2", "16");
        check(p, limit, "SELECT t1.k, t2.k FROM t1 JOIN t2 ON t1.k = t2.k AND t1.a <> t2.b", new String[0]);
    }

    @ParameterizedTest
    @MethodSource("ways")
    void existsAndInSubqueries(int p, long limit) {
        check(p, limit, "SELECT k FROM t1 WHERE EXISTS (SELECT * FROM t2 WHERE t2.b = t1.a)", "1");
        check(p, limit, "SELECT k FROM t1 WHERE NOT EXISTS (SELECT * FROM t2 WHERE t2.b = t1.a)", "2", "3", "4");
        check(p, limit, "SELECT k FROM t1 WHERE a IN (SELECT b FROM t2)", "1");
        check(p, limit, "SELECT k FROM t1 WHERE EXISTS (SELECT * FROM t2 WHERE t2.k = t1.k AND t2.s <> t1.s)",
                "1", "2");
    }

    @ParameterizedTest
    @MethodSource("ways")
    void notInFollowsSqlNullRules(int p, long limit) {
        // The subquery holds a NULL: x NOT IN (...) is never TRUE.
        check(p, limit, "SELECT k FROM t1 WHERE a NOT IN (SELECT b FROM t2)", new String[0]);
        check(p, limit, "SELECT k FROM t1 WHERE a NOT IN (SELECT b FROM t2 WHERE b IS NOT NULL)", "2", "4");
        // An empty subquery: every row, a NULL operand included.
        check(p, limit, "SELECT k FROM t1 WHERE a NOT IN (SELECT b FROM t2 WHERE k > 100)", "1", "2", "3", "4");
    }

    @ParameterizedTest
    @MethodSource("ways")
    void scalarSubqueries(int p, long limit) {
        check(p, limit, "SELECT k FROM t1 WHERE a < (SELECT max(b) FROM t2)", "1", "2", "4");
        check(p, limit, "SELECT k, (SELECT b FROM t2 WHERE k = 100) FROM t1", "1,null", "2,null", "3,null", "4,null");
        check(p, limit, "SELECT k, (SELECT b FROM t2 WHERE k = 5) FROM t1 WHERE k < 3", "1,50", "2,50");
        check(p, limit, "SELECT k FROM t1 WHERE a >= (SELECT max(b) FROM t2 WHERE t2.k = t1.k)", "1");
        assertThatThrownBy(() -> rows("SELECT k, (SELECT k FROM t2 WHERE b = 10) FROM t1", p, limit))
                .isInstanceOfSatisfying(ShoalException.class,
                        e -> assertThat(e.code()).isEqualTo(ErrorCode.SUBQUERY_MORE_THAN_ONE_ROW));
    }

    /** The null-aware anti join on its own, over constant rows: a NULL on either side, an empty build side. */
    @ParameterizedTest
    @MethodSource("ways")
    void nullAwareAntiJoinIsNotIn(int p, long unused) {
        List<List<Object>> probe = List.of(list(1L), list(2L), list((Object) null));
        assertThat(notIn(probe, List.of(list(1L), list(3L)), p)).containsExactlyInAnyOrder(list(2L));
        assertThat(notIn(probe, List.of(list(1L), list((Object) null)), p)).isEmpty();
        assertThat(notIn(probe, List.of(), p)).containsExactlyInAnyOrder(list(1L), list(2L), list((Object) null));
    }

    private List<List<Object>> notIn(List<List<Object>> probeRows, List<List<Object>> buildRows, int parallelism) {
        List<DataType> types = List.of(DataType.INT);
        ColumnRef key = new ColumnRef(0, DataType.INT);
        PhysicalHashJoin join = new PhysicalHashJoin(new PhysicalValues(types, probeRows),
                new PhysicalExchange(new PhysicalValues(types, buildRows), PhysicalExchange.Kind.BROADCAST),
                JoinType.NULL_AWARE_ANTI, List.of(key), List.of(key), List.of(false), null,
                PhysicalHashJoin.Distribution.BROADCAST);
        PhysicalPlan plan = new PhysicalPlan(join, List.of(new OutputColumn("x", DataType.INT, true)));
        List<List<Object>> out = new ArrayList<>();
        try (QueryResultStream s = db.executor.execute(plan, QueryContext.of(0, parallelism))) {
            for (Batch b = s.next(); b != null; b = s.next()) {
                for (int i = 0; i < b.positionCount(); i++) {
                    out.add(list(b.getObject(i, 0)));
                }
            }
        }
        return out;
    }

    private static List<Object> list(Object... values) {
        return java.util.Arrays.asList(values);
    }

    @ParameterizedTest
    @MethodSource("ways")
    void emptySidesAndDerivedTables(int p, long limit) {
        check(p, limit, "SELECT t1.k FROM t1 JOIN nothing ON t1.k = nothing.k", new String[0]);
        check(p, limit, "SELECT t1.k, nothing.b FROM t1 LEFT JOIN nothing ON t1.k = nothing.k",
                "1,null", "2,null", "3,null", "4,null");
        check(p, limit, "SELECT nothing.k, t1.k FROM nothing LEFT JOIN t1 ON t1.k = nothing.k", new String[0]);
        check(p, limit, "SELECT k FROM t1 WHERE NOT EXISTS (SELECT * FROM nothing WHERE nothing.k = t1.k)",
                "1", "2", "3", "4");
        check(p, limit, "WITH x AS (SELECT k, a FROM t1 WHERE a IS NOT NULL) SELECT count(*) FROM x JOIN t2 ON x.a = t2.b",
                "2");
        check(p, limit, "SELECT sum(c) FROM (SELECT k, count(*) AS c FROM t2 GROUP BY k) d", "4");
        check(p, limit, "SELECT t2.b, count(*) FROM t1 JOIN t2 ON t1.a = t2.b GROUP BY t2.b ORDER BY t2.b", "10,2");
    }
}
