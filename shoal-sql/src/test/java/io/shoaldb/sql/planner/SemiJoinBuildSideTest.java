package io.shoaldb.sql.planner;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.sql.parser.DorisSqlParser;
import io.shoaldb.sql.planner.physical.JoinType;
import io.shoaldb.sql.planner.physical.PhysicalHashJoin;
import io.shoaldb.sql.planner.physical.PhysicalNode;
import io.shoaldb.sql.planner.physical.PhysicalPlan;
import io.shoaldb.vector.type.DataType;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which side a semi/anti join hashes: the subquery's side unless it is much bigger than the preserved side, then the
 * preserved side (RIGHT_SEMI/RIGHT_ANTI, whose output is the build columns alone). NOT IN never swaps.
 */
class SemiJoinBuildSideTest {
    @TempDir
    Path dir;
    private PlannerCatalog catalog;
    /** TPC-H SF0.1. */
    private static final Map<String, Long> ROWS = Map.of("orders", 150_000L, "lineitem", 600_000L,
            "customer", 15_000L, "small", 100L);

    @BeforeEach
    void setUp() {
        catalog = new PlannerCatalog(dir, 2);
        catalog.table("orders", "o_orderkey", DataType.INT, "o_custkey", DataType.INT, "o_orderdate", DataType.DATE,
                "o_orderpriority", DataType.varchar(15));
        catalog.table("lineitem", "l_orderkey", DataType.INT, "l_suppkey", DataType.INT, "l_commitdate", DataType.DATE,
                "l_receiptdate", DataType.DATE);
        catalog.table("customer", "c_custkey", DataType.INT, "c_acctbal", DataType.decimal(15, 2));
        catalog.table("small", "s_orderkey", DataType.INT);
    }


    @AfterEach
    void tearDown() {
        catalog.close();
    }

    /** TPC-H Q4: one quarter's orders that have a late lineitem - the orders are hashed, lineitem probes. */
    @Test
    void existsOverAMuchBiggerSideBuildsThePreservedSide() {
        PhysicalPlan p = plan("""
                select o_orderpriority, count(*) as order_count from orders
                where o_orderdate >= date '1993-07-01' and o_orderdate < date '1993-07-01' + interval '3' month
                    and exists (select * from lineitem where l_orderkey = o_orderkey and l_commitdate < l_receiptdate)
                group by o_orderpriority order by o_orderpriority""");
        PhysicalHashJoin join = semiOrAnti(p.root());
        assertThat(join.type()).as(p.explain()).isEqualTo(JoinType.RIGHT_SEMI);
        assertThat(PlanTables.of(join.build())).as(p.explain()).containsExactly("orders");
        assertThat(join.outputTypes()).isEqualTo(join.build().outputTypes());
    }

    @Test
    void notExistsOverAMuchBiggerSideBuildsThePreservedSide() {
        PhysicalPlan p = plan("""
                select count(*) from customer
                where not exists (select * from orders where o_custkey = c_custkey)""");
        PhysicalHashJoin join = semiOrAnti(p.root());
        assertThat(join.type()).as(p.explain()).isEqualTo(JoinType.RIGHT_ANTI);
        assertThat(PlanTables.of(join.build())).as(p.explain()).containsExactly("customer");
    }

    /**
     * TPC-H Q13: every customer with the count of its orders - a LEFT join whose orders side is bigger than the
     * customers (ten times; estimated at 1.5 times under the NOT LIKE). The customers are hashed (broadcast) and the
     * orders probe where they are read; the customers without orders come from the build side at the end (RIGHT with
     * the sides swapped).
     */
    @Test
    void aLeftJoinToABiggerSideBuildsThePreservedSide() {
        PhysicalPlan p = plan("""
                select c_count, count(*) as custdist from (select c_custkey, count(o_orderkey) as c_count
                    from customer left outer join orders on c_custkey = o_custkey and o_orderpriority not like '%special%'
                    group by c_custkey) as c_orders
                group by c_count order by custdist desc, c_count desc""");
        PhysicalHashJoin join = joinOf(p.root());
        assertThat(join.type()).as(p.explain()).isEqualTo(JoinType.RIGHT);
        assertThat(PlanTables.of(join.build())).as(p.explain()).containsExactly("customer");
        assertThat(join.distribution()).as(p.explain()).isEqualTo(PhysicalHashJoin.Distribution.BROADCAST);
    }

    @Test
    void aLeftJoinToASmallerSideBuildsTheOtherSide() {
        PhysicalPlan p = plan("""
                select o_orderkey, s_orderkey from orders left join small on s_orderkey = o_orderkey""");
        PhysicalHashJoin join = joinOf(p.root());
        assertThat(join.type()).as(p.explain()).isEqualTo(JoinType.LEFT);
        assertThat(PlanTables.of(join.build())).as(p.explain()).containsExactly("small");
    }

    private static PhysicalHashJoin joinOf(PhysicalNode node) {
        if (node instanceof PhysicalHashJoin j) {
            return j;
        }
        return node.inputs().stream().map(SemiJoinBuildSideTest::joinOf).filter(java.util.Objects::nonNull).findFirst()
                .orElse(null);
    }

    @Test
    void existsOverASmallerSideBuildsTheSubquery() {
        PhysicalPlan p = plan("""
                select count(*) from orders where exists (select * from small where s_orderkey = o_orderkey)""");
        PhysicalHashJoin join = semiOrAnti(p.root());
        assertThat(join.type()).as(p.explain()).isEqualTo(JoinType.SEMI);
        assertThat(PlanTables.of(join.build())).as(p.explain()).containsExactly("small");
    }

    /** NOT IN's answer depends on the whole subquery side (empty? a NULL?): that side stays the build. */
    @Test
    void notInKeepsTheSubqueryAsTheBuild() {
        PhysicalPlan p = plan("select count(*) from customer where c_custkey not in (select o_custkey from orders)");
        PhysicalHashJoin join = semiOrAnti(p.root());
        assertThat(join.type()).as(p.explain()).isEqualTo(JoinType.NULL_AWARE_ANTI);
        assertThat(PlanTables.of(join.build())).as(p.explain()).containsExactly("orders");
    }

    private PhysicalPlan plan(String sql) {
        Map<Long, Long> byId = new HashMap<>();
        ROWS.forEach((t, n) -> byId.put(catalog.snapshot().table("db", t).orElseThrow().id(), n));
        TableStatistics stats = id -> OptionalLong.of(byId.get(id));
        return new QueryPlanner().plan(DorisSqlParser.parse(sql), catalog.snapshot(), "db",
                new PlannerSettings(stats, PlannerSettings.DEFAULT_BROADCAST_ROW_LIMIT));
    }

    private static PhysicalHashJoin semiOrAnti(PhysicalNode node) {
        if (node instanceof PhysicalHashJoin join && !join.type().outputsBuild()) {
            return join;
        }
        for (PhysicalNode in : node.inputs()) {
            PhysicalHashJoin found = semiOrAnti(in);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

}
