package io.shoaldb.sql.planner;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.catalog.Catalog;
import io.shoaldb.catalog.model.ColumnDefinition;
import io.shoaldb.catalog.model.Distribution;
import io.shoaldb.catalog.model.KeysType;
import io.shoaldb.catalog.model.TableDefinition;
import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.sql.parser.DorisSqlParser;
import io.shoaldb.sql.planner.physical.AggregateStep;
import io.shoaldb.sql.planner.physical.JoinType;
import io.shoaldb.sql.planner.physical.PhysicalExchange;
import io.shoaldb.sql.planner.physical.PhysicalHashAggregate;
import io.shoaldb.sql.planner.physical.PhysicalHashJoin;
import io.shoaldb.sql.planner.physical.PhysicalNode;
import io.shoaldb.sql.planner.physical.PhysicalPlan;
import io.shoaldb.sql.planner.physical.PhysicalScan;
import io.shoaldb.vector.type.DataType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * When the planner joins and aggregates without an exchange because the inputs are bucketed alike on the keys
 * (COLOCATED joins, one-step aggregations over scans read by bucket), and when it must not.
 */
class ColocationPlanTest {
    @TempDir
    Path dir;
    private Catalog catalog;

    @BeforeEach
    void setUp() {
        catalog = Catalog.open(new LocalFiles(), dir);
        catalog.createDatabase("db", false);
        table("orders", 8, List.of("o_orderkey"), "o_orderkey", DataType.BIGINT, "o_custkey", DataType.INT,
                "o_orderdate", DataType.DATE);
        table("lineitem", 8, List.of("l_orderkey"), "l_orderkey", DataType.BIGINT, "l_quantity", DataType.decimal(15, 2),
                "l_partkey", DataType.INT);
        table("intkeyed", 8, List.of("i_key"), "i_key", DataType.INT, "i_v", DataType.INT);
        table("largeint", 8, List.of("g_key"), "g_key", DataType.LARGEINT, "g_v", DataType.INT);
        table("fourbuckets", 4, List.of("f_key"), "f_key", DataType.BIGINT, "f_v", DataType.INT);
        table("onebucket", 1, List.of("b_key"), "b_key", DataType.BIGINT, "b_v", DataType.INT);
        table("dec2", 8, List.of("d_key"), "d_key", DataType.decimal(15, 2), "d_v", DataType.INT);
        table("dec3", 8, List.of("e_key"), "e_key", DataType.decimal(15, 3), "e_v", DataType.INT);
        table("pair1", 8, List.of("p_a", "p_b"), "p_a", DataType.INT, "p_b", DataType.varchar(10), "p_v", DataType.INT);
        table("pair2", 8, List.of("q_a", "q_b"), "q_a", DataType.BIGINT, "q_b", DataType.charType(10), "q_v", DataType.INT);
    }

    private void table(String name, int buckets, List<String> distribution, Object... cols) {
        List<ColumnDefinition> defs = new ArrayList<>();
        for (int i = 0; i < cols.length; i += 2) {
            defs.add(new ColumnDefinition((String) cols[i], (DataType) cols[i + 1], true, null, null, null));
        }
        catalog.createTable(new TableDefinition("db", name, defs, null, KeysType.DUPLICATE, distribution,
                Distribution.hash(distribution, buckets), Map.of(), null), false);
    }

    @AfterEach
    void tearDown() {
        catalog.close();
    }

    /** Every table holds a million rows, so no build is small enough to broadcast. */
    private PhysicalPlan plan(String sql) {
        return plan(sql, Map.of());
    }

    /** Tables named in {@code rows} hold that many rows, the others a million. */
    private PhysicalPlan plan(String sql, Map<String, Long> rows) {
        Map<Long, Long> byId = new HashMap<>();
        rows.forEach((t, n) -> byId.put(catalog.snapshot().table("db", t).orElseThrow().id(), n));
        TableStatistics stats = id -> OptionalLong.of(byId.getOrDefault(id, 1_000_000L));
        return new QueryPlanner().plan(DorisSqlParser.parse(sql), catalog.snapshot(), "db",
                new PlannerSettings(stats, PlannerSettings.DEFAULT_BROADCAST_ROW_LIMIT));
    }

    @Test
    void aJoinOnTheBucketColumnsOfTwoTablesOfEqualBucketCountsIsColocated() {
        for (String type : List.of("INNER", "LEFT", "RIGHT", "FULL")) {
            PhysicalPlan p = plan("SELECT o_orderdate, l_quantity FROM orders " + type
                    + " JOIN lineitem ON o_orderkey = l_orderkey WHERE l_partkey > 5");
            PhysicalHashJoin join = only(p.root(), PhysicalHashJoin.class);
            assertThat(join.distribution()).as(p.explain()).isEqualTo(PhysicalHashJoin.Distribution.COLOCATED);
            assertThat(all(p.root(), PhysicalScan.class)).as(p.explain()).allMatch(PhysicalScan::byBucket);
            assertThat(all(p.root(), PhysicalExchange.class)).as(p.explain())
                    .allMatch(e -> e.kind() == PhysicalExchange.Kind.GATHER);
            assertThat(p.explain()).contains("COLOCATED").contains("by bucket");
        }
        PhysicalPlan semi = plan("SELECT o_orderdate FROM orders WHERE EXISTS (SELECT 1 FROM lineitem WHERE l_orderkey = o_orderkey)");
        assertThat(only(semi.root(), PhysicalHashJoin.class).distribution()).isEqualTo(PhysicalHashJoin.Distribution.COLOCATED);
        PhysicalPlan anti = plan("SELECT o_orderdate FROM orders WHERE NOT EXISTS (SELECT 1 FROM lineitem WHERE l_orderkey = o_orderkey AND l_partkey > 3)");
        assertThat(only(anti.root(), PhysicalHashJoin.class).distribution()).isEqualTo(PhysicalHashJoin.Distribution.COLOCATED);
    }

    @Test
    void integerKeysOfDifferentWidthsAndTextKeysHashAlike() {
        assertThat(distribution("SELECT l_quantity FROM lineitem JOIN intkeyed ON l_orderkey = i_key"))
                .isEqualTo(PhysicalHashJoin.Distribution.COLOCATED);
        assertThat(distribution("SELECT p_v, q_v FROM pair1 JOIN pair2 ON p_a = q_a AND p_b = q_b"))
                .isEqualTo(PhysicalHashJoin.Distribution.COLOCATED);
    }

    @Test
    void colocationIsRefusedUnlessBothSidesAreBucketedAlikeOnTheKeys() {
        // the bucket hash of a LARGEINT is over 128 bits, a DECIMAL's is of its unscaled value
        assertThat(distribution("SELECT l_quantity FROM lineitem JOIN largeint ON l_orderkey = g_key"))
                .isEqualTo(PhysicalHashJoin.Distribution.PARTITIONED);
        assertThat(distribution("SELECT d_v FROM dec2 JOIN dec3 ON d_key = e_key"))
                .isEqualTo(PhysicalHashJoin.Distribution.PARTITIONED);
        assertThat(distribution("SELECT l_quantity FROM lineitem JOIN fourbuckets ON l_orderkey = f_key"))
                .isEqualTo(PhysicalHashJoin.Distribution.PARTITIONED);
        assertThat(distribution("SELECT l_quantity FROM lineitem JOIN onebucket ON l_orderkey = b_key"))
                .isEqualTo(PhysicalHashJoin.Distribution.PARTITIONED);
        // not on the bucket column, or on one of two bucket columns
        assertThat(distribution("SELECT o_orderdate FROM orders JOIN lineitem ON o_custkey = l_partkey"))
                .isEqualTo(PhysicalHashJoin.Distribution.PARTITIONED);
        assertThat(distribution("SELECT p_v, q_v FROM pair1 JOIN pair2 ON p_a = q_a"))
                .isEqualTo(PhysicalHashJoin.Distribution.PARTITIONED);
        // NOT IN must see the whole build side
        assertThat(distribution("SELECT o_orderdate FROM orders WHERE o_orderkey NOT IN (SELECT l_orderkey FROM lineitem)"))
                .isEqualTo(PhysicalHashJoin.Distribution.BROADCAST);
    }

    @Test
    void anAggregationByTheBucketColumnRunsInOneStepPerDriver() {
        PhysicalPlan p = plan("SELECT l_orderkey, sum(l_quantity) FROM lineitem GROUP BY l_orderkey HAVING sum(l_quantity) > 300");
        PhysicalHashAggregate agg = only(p.root(), PhysicalHashAggregate.class);
        assertThat(agg.step()).as(p.explain()).isEqualTo(AggregateStep.SINGLE);
        assertThat(only(p.root(), PhysicalScan.class).byBucket()).isTrue();
        assertThat(all(p.root(), PhysicalExchange.class)).extracting(PhysicalExchange::kind)
                .containsExactly(PhysicalExchange.Kind.GATHER);
        PhysicalPlan other = plan("SELECT l_partkey, sum(l_quantity) FROM lineitem GROUP BY l_partkey");
        assertThat(all(other.root(), PhysicalHashAggregate.class)).extracting(PhysicalHashAggregate::step)
                .containsExactly(AggregateStep.FINAL, AggregateStep.PARTIAL);
        assertThat(only(other.root(), PhysicalScan.class).byBucket()).isFalse();
    }

    /**
     * TPC-H Q18: lineitem grouped by l_orderkey, orders joined to lineitem and to that aggregation, and the result
     * grouped by keys holding o_orderkey - all on the bucket key, so no row crosses an exchange until the top-N.
     */
    @Test
    void q18NeedsNoExchangeBelowItsTopN() {
        PhysicalPlan p = plan("""
                select o_custkey, o_orderkey, o_orderdate, sum(l_quantity)
                from orders, lineitem
                where o_orderkey in (select l_orderkey from lineitem group by l_orderkey having sum(l_quantity) > 300)
                  and o_orderkey = l_orderkey
                group by o_custkey, o_orderkey, o_orderdate
                order by o_orderdate limit 100""");
        assertThat(all(p.root(), PhysicalHashAggregate.class)).as(p.explain())
                .allMatch(a -> a.step() == AggregateStep.SINGLE).hasSize(2);
        assertThat(all(p.root(), PhysicalHashJoin.class)).as(p.explain())
                .allMatch(j -> j.distribution() == PhysicalHashJoin.Distribution.COLOCATED);
        assertThat(all(p.root(), PhysicalExchange.class)).as(p.explain()).extracting(PhysicalExchange::kind)
                .containsExactly(PhysicalExchange.Kind.GATHER);
    }

    @Test
    void aLeftJoinKeepsOnlyItsProbeSidesBuckets() {
        PhysicalPlan byBuild = plan("SELECT l_orderkey, count(*) FROM orders LEFT JOIN lineitem ON o_orderkey = l_orderkey GROUP BY l_orderkey");
        assertThat(all(byBuild.root(), PhysicalHashAggregate.class)).as(byBuild.explain())
                .extracting(PhysicalHashAggregate::step).containsExactly(AggregateStep.FINAL, AggregateStep.PARTIAL);
        PhysicalPlan byProbe = plan("SELECT o_orderkey, count(*) FROM orders LEFT JOIN lineitem ON o_orderkey = l_orderkey GROUP BY o_orderkey");
        assertThat(only(byProbe.root(), PhysicalHashAggregate.class).step()).as(byProbe.explain()).isEqualTo(AggregateStep.SINGLE);
        PhysicalPlan full = plan("SELECT o_orderkey, count(*) FROM orders FULL JOIN lineitem ON o_orderkey = l_orderkey GROUP BY o_orderkey");
        assertThat(all(full.root(), PhysicalHashAggregate.class)).as(full.explain())
                .extracting(PhysicalHashAggregate::step).containsExactly(AggregateStep.FINAL, AggregateStep.PARTIAL);
    }

    /**
     * A semi/anti join that builds its preserved side (RIGHT_SEMI/RIGHT_ANTI) returns build rows from the prober that
     * finishes the table last. Broadcast, its output holds no buckets, whatever its probe side's: TPC-H Q21's shape,
     * where the NOT EXISTS above it was planned COLOCATED on that output - every row in the table of one driver, the
     * other driver's rows marking none of them - and returned rows it should not have.
     */
    @Test
    void aBroadcastRightSemiJoinsOutputHoldsNoBuckets() {
        PhysicalPlan p = plan("""
                SELECT count(*) FROM fourbuckets WHERE EXISTS (SELECT 1 FROM lineitem WHERE l_orderkey = f_key)
                AND NOT EXISTS (SELECT 1 FROM orders WHERE o_orderkey = f_key AND o_custkey > 5)""",
                Map.of("fourbuckets", 10_000L));
        List<PhysicalHashJoin> joins = all(p.root(), PhysicalHashJoin.class);
        assertThat(joins).as(p.explain()).extracting(PhysicalHashJoin::type)
                .containsExactly(JoinType.RIGHT_ANTI, JoinType.RIGHT_SEMI);
        assertThat(joins).as(p.explain()).extracting(PhysicalHashJoin::distribution)
                .containsOnly(PhysicalHashJoin.Distribution.BROADCAST);
        assertThat(all(p.root(), PhysicalScan.class)).as(p.explain()).noneMatch(PhysicalScan::byBucket);
        // Q21 at SF10: a spilled broadcast build's partitions are joined by whichever driver takes them, so grouping
        // its output by a column once taken for the bucket column in one step per driver split groups
        PhysicalPlan grouped = plan("""
                SELECT f_key, count(*) FROM fourbuckets WHERE NOT EXISTS (SELECT 1 FROM lineitem WHERE l_orderkey = f_key)
                GROUP BY f_key""", Map.of("fourbuckets", 10_000L));
        assertThat(only(grouped.root(), PhysicalHashJoin.class).type()).as(grouped.explain()).isEqualTo(JoinType.RIGHT_ANTI);
        assertThat(all(grouped.root(), PhysicalHashAggregate.class)).as(grouped.explain())
                .extracting(PhysicalHashAggregate::step).containsExactly(AggregateStep.FINAL, AggregateStep.PARTIAL);
    }

    /**
     * A colocated RIGHT_SEMI's table i holds the buckets build driver i read, and probe driver i returns its rows: the
     * output keeps the build side's buckets, so an aggregation by its bucket column needs no exchange.
     */
    @Test
    void aColocatedRightSemiJoinsOutputKeepsItsBuildSidesBuckets() {
        PhysicalPlan p = plan("""
                SELECT o_orderkey, count(*) FROM orders WHERE EXISTS (SELECT 1 FROM lineitem WHERE l_orderkey = o_orderkey)
                GROUP BY o_orderkey""", Map.of("orders", 300_000L, "lineitem", 1_200_000L));
        PhysicalHashJoin semi = only(p.root(), PhysicalHashJoin.class);
        assertThat(semi.type()).as(p.explain()).isEqualTo(JoinType.RIGHT_SEMI);
        assertThat(semi.distribution()).as(p.explain()).isEqualTo(PhysicalHashJoin.Distribution.COLOCATED);
        assertThat(only(p.root(), PhysicalHashAggregate.class).step()).as(p.explain()).isEqualTo(AggregateStep.SINGLE);
    }

    private PhysicalHashJoin.Distribution distribution(String sql) {
        PhysicalPlan p = plan(sql);
        PhysicalHashJoin join = only(p.root(), PhysicalHashJoin.class);
        if (join.distribution() != PhysicalHashJoin.Distribution.COLOCATED) {
            assertThat(all(p.root(), PhysicalScan.class)).as(p.explain()).noneMatch(PhysicalScan::byBucket);
        } else {
            assertThat(all(p.root(), PhysicalExchange.class)).as(p.explain()).extracting(PhysicalExchange::kind)
                    .containsExactly(PhysicalExchange.Kind.GATHER);
        }
        return join.distribution();
    }

    private static <T> T only(PhysicalNode node, Class<T> type) {
        List<T> found = all(node, type);
        assertThat(found).hasSize(1);
        return found.get(0);
    }

    private static <T> List<T> all(PhysicalNode node, Class<T> type) {
        List<T> out = new ArrayList<>();
        if (type.isInstance(node)) {
            out.add(type.cast(node));
        }
        node.inputs().forEach(in -> out.addAll(all(in, type)));
        return out;
    }
}
