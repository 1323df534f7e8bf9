package io.shoaldb.sql.planner;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.sql.parser.DorisSqlParser;
import io.shoaldb.sql.planner.physical.PhysicalHashJoin;
import io.shoaldb.sql.planner.physical.PhysicalNode;
import io.shoaldb.sql.planner.physical.PhysicalPlan;
import io.shoaldb.vector.type.DataType;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Join orders the planner picks for TPC-H's multi-way joins, over the SF0.1 row counts. */
class TpchJoinOrderTest {
    @TempDir
    Path dir;
    private PlannerCatalog catalog;
    /** TPC-H SF0.1. */
    private static final Map<String, Long> ROWS = Map.of("region", 5L, "nation", 25L, "supplier", 1_000L,
            "customer", 15_000L, "orders", 150_000L, "lineitem", 600_000L, "part", 20_000L, "partsupp", 80_000L);

    @BeforeEach
    void setUp() {
        catalog = new PlannerCatalog(dir, 2);
        catalog.table("region", "r_regionkey", DataType.INT, "r_name", DataType.varchar(25));
        catalog.table("nation", "n_nationkey", DataType.INT, "n_name", DataType.varchar(25), "n_regionkey", DataType.INT);
        catalog.table("supplier", "s_suppkey", DataType.INT, "s_nationkey", DataType.INT);
        catalog.table("customer", "c_custkey", DataType.INT, "c_nationkey", DataType.INT);
        catalog.table("orders", "o_orderkey", DataType.INT, "o_custkey", DataType.INT, "o_orderdate", DataType.DATE);
        catalog.table("lineitem", "l_orderkey", DataType.INT, "l_suppkey", DataType.INT, "l_extendedprice",
                DataType.decimal(15, 2), "l_discount", DataType.decimal(15, 2), "l_partkey", DataType.INT,
                "l_quantity", DataType.decimal(15, 2));
        catalog.table("part", "p_partkey", DataType.INT, "p_name", DataType.varchar(55));
        catalog.table("partsupp", "ps_partkey", DataType.INT, "ps_suppkey", DataType.INT, "ps_supplycost", DataType.decimal(15, 2));
    }


    @AfterEach
    void tearDown() {
        catalog.close();
    }

    private static final String Q05 = """
            select n_name, sum(l_extendedprice * (1 - l_discount)) as revenue
            from customer, orders, lineitem, supplier, nation, region
            where c_custkey = o_custkey and l_orderkey = o_orderkey and l_suppkey = s_suppkey
                and c_nationkey = s_nationkey and s_nationkey = n_nationkey and n_regionkey = r_regionkey
                and r_name = 'ASIA' and o_orderdate >= date '1994-01-01'
                and o_orderdate < date '1994-01-01' + interval '1' year
            group by n_name order by revenue desc""";

    /**
     * TPC-H Q5's join graph has a cycle (customer - orders - lineitem - supplier - customer, the last edge on
     * nation). Joined on that edge first, customer x supplier per nation, then each pair with all the supplier's
     * lineitems, is tens of millions of rows at SF0.1 (11 s); customer must come in last, on both its custkey and
     * its nationkey, once orders, lineitem and supplier are joined.
     */
    @Test
    void q05JoinsCustomerLastOnBothEdgesOfTheCycle() {
        PhysicalPlan p = plan(Q05);
        PhysicalHashJoin withCustomer = joinBringing(p.root(), "customer");
        assertThat(withCustomer.probeKeys()).as(p.explain()).hasSize(2);
        PhysicalNode other = PlanTables.of(withCustomer.probe()).contains("customer") ? withCustomer.build() : withCustomer.probe();
        assertThat(PlanTables.of(other)).as(p.explain()).contains("orders", "lineitem", "supplier");
    }

    /**
     * Q5's last join puts customer (two columns) against the lineitem-orders-supplier-nation side (a dozen columns,
     * estimated at about as many rows): the narrow side is the cheaper table to build, and the wide rows stream
     * through as probe batches instead of being copied into it.
     */
    @Test
    void q05BuildsTheNarrowCustomerSideOfItsLastJoin() {
        PhysicalPlan p = plan(Q05);
        PhysicalHashJoin withCustomer = joinBringing(p.root(), "customer");
        assertThat(PlanTables.of(withCustomer.build())).as(p.explain()).containsExactly("customer");
    }

    /** Equal costs as rows times (columns + a per-row share): fewer rows win at equal widths, fewer columns at equal rows. */
    @Test
    void theBuildSideIsTheOneWithFewerRowsTimesColumns() {
        assertThat(InnerJoinBuildSide.buildsLeft(1_000, 2, 2_000, 2)).isTrue();
        assertThat(InnerJoinBuildSide.buildsLeft(150_000, 2, 120_000, 12)).isTrue();
        assertThat(InnerJoinBuildSide.buildsLeft(150_000, 2, 30_000, 12)).isFalse();
        assertThat(InnerJoinBuildSide.buildsLeft(1_000, 3, 1_000, 3)).isFalse();
    }

    /**
     * TPC-H Q9 joins lineitem to partsupp on both of partsupp's key columns: one partsupp row per lineitem row,
     * not the product of two independent equalities' selectivities (which made the 600,000-row join look like
     * a few hundred rows and broadcast it). The filtered part table is joined first, to partsupp (on the part key
     * both share with lineitem's), and lineitem meets that on the two key columns only, not on a third part key
     * equal to the first.
     */
    @Test
    void q09JoinsTheFilteredPartFirstAndPartsuppOnItsCompositeKey() {
        PhysicalPlan p = plan(TpchQueryTexts.Q09);
        PhysicalHashJoin withPart = joinBringing(p.root(), "part");
        PhysicalNode other = PlanTables.of(withPart.probe()).contains("part") ? withPart.build() : withPart.probe();
        assertThat(PlanTables.of(other)).as(p.explain()).containsExactly("partsupp");
        PhysicalHashJoin withLineitem = joinBringing(p.root(), "lineitem");
        assertThat(PlanTables.of(withLineitem)).as(p.explain()).contains("part", "partsupp");
        assertThat(withLineitem.probeKeys()).as(p.explain()).hasSize(2);
    }

    private PhysicalPlan plan(String sql) {
        Map<Long, Long> byId = new HashMap<>();
        ROWS.forEach((t, n) -> byId.put(catalog.snapshot().table("db", t).orElseThrow().id(), n));
        TableStatistics stats = id -> OptionalLong.of(byId.get(id));
        return new QueryPlanner().plan(DorisSqlParser.parse(sql), catalog.snapshot(), "db",
                new PlannerSettings(stats, PlannerSettings.DEFAULT_BROADCAST_ROW_LIMIT));
    }

    /** The hash join one of whose inputs is (a scan of) {@code table} alone. */
    private static PhysicalHashJoin joinBringing(PhysicalNode node, String table) {
        if (node instanceof PhysicalHashJoin join
                && (PlanTables.of(join.probe()).equals(Set.of(table)) || PlanTables.of(join.build()).equals(Set.of(table)))) {
            return join;
        }
        return node.inputs().stream().map(in -> joinBringing(in, table)).filter(Objects::nonNull).findFirst().orElse(null);
    }

}
