package io.shoaldb.sql.planner;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.sql.parser.DorisSqlParser;
import io.shoaldb.sql.planner.physical.PhysicalHashJoin;
import io.shoaldb.sql.planner.physical.PhysicalNode;
import io.shoaldb.sql.planner.physical.PhysicalPlan;
import io.shoaldb.vector.type.DataType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Join orders at TPC-H SF1's row counts, with the tables laid out as the TPC benchmarks create them (DUPLICATE KEY and
 * 8 buckets on the first column, so lineitem's first key column, {@code l_orderkey}, repeats): the big orders table is
 * joined after the filtered dimensions have cut lineitem, and never built whole.
 */
class TpchSf1JoinOrderTest {
    @TempDir
    Path dir;
    private PlannerCatalog catalog;
    private static final Map<String, Long> ROWS = Map.of("region", 5L, "nation", 25L, "supplier", 10_000L,
            "customer", 150_000L, "orders", 1_500_000L, "lineitem", 6_001_215L, "part", 200_000L, "partsupp", 800_000L);

    @BeforeEach
    void setUp() {
        catalog = new PlannerCatalog(dir, 8);
        DataType text = DataType.varchar(55);
        catalog.table("nation", "n_nationkey", DataType.INT, "n_name", text, "n_regionkey", DataType.INT);
        catalog.table("supplier", "s_suppkey", DataType.INT, "s_name", text, "s_nationkey", DataType.INT);
        catalog.table("customer", "c_custkey", DataType.INT, "c_name", text, "c_nationkey", DataType.INT);
        catalog.table("part", "p_partkey", DataType.INT, "p_name", text, "p_type", text);
        catalog.table("partsupp", "ps_partkey", DataType.INT, "ps_suppkey", DataType.INT,
                "ps_supplycost", DataType.decimal(15, 2));
        catalog.table("orders", "o_orderkey", DataType.BIGINT, "o_custkey", DataType.INT, "o_orderdate", DataType.DATE);
        catalog.table("lineitem", "l_orderkey", DataType.BIGINT, "l_partkey", DataType.INT, "l_suppkey", DataType.INT,
                "l_quantity", DataType.decimal(15, 2), "l_extendedprice", DataType.decimal(15, 2),
                "l_discount", DataType.decimal(15, 2), "l_shipdate", DataType.DATE);
    }

    @AfterEach
    void tearDown() {
        catalog.close();
    }

    /**
     * Q9 relates part and partsupp only through lineitem ({@code p_partkey = l_partkey}, {@code ps_partkey =
     * l_partkey}); the implied {@code p_partkey = ps_partkey} lets the green parts cut partsupp first (colocated:
     * both are bucketed on the part key), lineitem probe that small table keeping its buckets, and orders meet the
     * ~300K joined lineitem rows in a colocated join that builds them, not all 1.5M orders.
     */
    @Test
    void q09JoinsPartWithPartsuppFirstAndBuildsLineitemRowsNotOrders() {
        PhysicalPlan p = plan("""
                select nation, o_year, sum(amount) as sum_profit from (select n_name as nation,
                extract(year from o_orderdate) as o_year,
                l_extendedprice * (1 - l_discount) - ps_supplycost * l_quantity as amount
                from part, supplier, lineitem, partsupp, orders, nation
                where s_suppkey = l_suppkey and ps_suppkey = l_suppkey and ps_partkey = l_partkey
                and p_partkey = l_partkey and o_orderkey = l_orderkey and s_nationkey = n_nationkey
                and p_name like '%green%') as profit group by nation, o_year order by nation, o_year desc""");
        assertThat(joins(p.root())).as(p.explain()).anySatisfy(j -> {
            assertThat(PlanTables.of(j)).containsExactlyInAnyOrder("part", "partsupp");
            assertThat(j.distribution()).isEqualTo(PhysicalHashJoin.Distribution.COLOCATED);
        });
        PhysicalHashJoin withOrders = joinOf(p.root(), "orders");
        assertThat(PlanTables.of(withOrders.probe())).as(p.explain()).containsExactly("orders");
        assertThat(withOrders.distribution()).as(p.explain()).isEqualTo(PhysicalHashJoin.Distribution.COLOCATED);
    }

    /**
     * Q7's lineitem (two years of it) meets orders only after orders met the customers of the two nations: the build
     * holds those customers' orders, and lineitem, estimated at all its rows per order, is never joined to all orders.
     */
    @Test
    void q07BuildsOnlyTheOrdersOfTheTwoNationsCustomers() {
        PhysicalPlan p = plan("""
                select supp_nation, cust_nation, l_year, sum(volume) as revenue from (
                select n1.n_name as supp_nation, n2.n_name as cust_nation, extract(year from l_shipdate) as l_year,
                l_extendedprice * (1 - l_discount) as volume
                from supplier, lineitem, orders, customer, nation n1, nation n2
                where s_suppkey = l_suppkey and o_orderkey = l_orderkey and c_custkey = o_custkey
                and s_nationkey = n1.n_nationkey and c_nationkey = n2.n_nationkey
                and ((n1.n_name = 'FRANCE' and n2.n_name = 'GERMANY') or (n1.n_name = 'GERMANY' and n2.n_name = 'FRANCE'))
                and l_shipdate between date '1995-01-01' and date '1996-12-31') as shipping
                group by supp_nation, cust_nation, l_year order by supp_nation, cust_nation, l_year""");
        PhysicalHashJoin withLineitem = joinOf(p.root(), "lineitem");
        PhysicalNode other = PlanTables.of(withLineitem.probe()).equals(Set.of("lineitem"))
                ? withLineitem.build() : withLineitem.probe();
        assertThat(PlanTables.of(other)).as(p.explain()).contains("orders", "customer");
    }

    /** Lineitem joined to orders on the order key keeps lineitem's rows: each line has its one order. */
    @Test
    void aJoinOfTwoTablesOnTheirFirstKeyColumnsKeepsTheLargerSidesRows() {
        PhysicalPlan p = plan("select count(*) from lineitem, orders where l_orderkey = o_orderkey");
        PhysicalHashJoin join = joinOf(p.root(), "orders");
        assertThat(PlanTables.of(join.build())).as(p.explain()).containsExactly("orders");
    }

    private PhysicalPlan plan(String sql) {
        Map<Long, Long> byId = new HashMap<>();
        ROWS.forEach((t, n) -> catalog.snapshot().table("db", t).ifPresent(table -> byId.put(table.id(), n)));
        TableStatistics stats = id -> OptionalLong.of(byId.get(id));
        return new QueryPlanner().plan(DorisSqlParser.parse(sql), catalog.snapshot(), "db",
                new PlannerSettings(stats, PlannerSettings.DEFAULT_BROADCAST_ROW_LIMIT));
    }

    /** The hash join that brings {@code table} in: the lowest one over its scan. */
    private static PhysicalHashJoin joinOf(PhysicalNode root, String table) {
        return joins(root).stream()
                .filter(j -> PlanTables.of(j).contains(table))
                .filter(j -> joins(j).stream().allMatch(below -> below == j || !PlanTables.of(below).contains(table)))
                .findFirst()
                .orElseThrow();
    }

    private static List<PhysicalHashJoin> joins(PhysicalNode node) {
        List<PhysicalHashJoin> all = new ArrayList<>();
        if (node instanceof PhysicalHashJoin j) {
            all.add(j);
        }
        node.inputs().forEach(in -> all.addAll(joins(in)));
        return all;
    }
}
