package io.shoaldb.sql.planner;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.sql.parser.DorisSqlParser;
import io.shoaldb.sql.planner.physical.PhysicalHashJoin;
import io.shoaldb.sql.planner.physical.PhysicalNode;
import io.shoaldb.sql.planner.physical.PhysicalPlan;
import io.shoaldb.vector.type.DataType;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
    /** The SF1 data's date ranges, as the segments' zone maps give them. */
    private static final Map<String, TableStatistics.ValueRange> RANGES = Map.of(
            "o_orderdate", new TableStatistics.ValueRange(LocalDate.of(1992, 1, 1), LocalDate.of(1998, 8, 2)),
            "l_shipdate", new TableStatistics.ValueRange(LocalDate.of(1992, 1, 2), LocalDate.of(1998, 12, 1)));

    @BeforeEach
    void setUp() {
        catalog = new PlannerCatalog(dir, 8);
        DataType text = DataType.varchar(55);
        catalog.table("nation", "n_nationkey", DataType.INT, "n_name", text, "n_regionkey", DataType.INT);
        catalog.table("supplier", "s_suppkey", DataType.INT, "s_name", text, "s_nationkey", DataType.INT);
        catalog.table("customer", "c_custkey", DataType.INT, "c_name", text, "c_address", text, "c_nationkey",
                DataType.INT, "c_phone", text, "c_acctbal", DataType.decimal(15, 2), "c_comment", DataType.varchar(117));
        catalog.table("part", "p_partkey", DataType.INT, "p_name", text, "p_type", text);
        catalog.table("partsupp", "ps_partkey", DataType.INT, "ps_suppkey", DataType.INT,
                "ps_supplycost", DataType.decimal(15, 2));
        catalog.table("orders", "o_orderkey", DataType.BIGINT, "o_custkey", DataType.INT, "o_orderdate", DataType.DATE);
        catalog.table("lineitem", "l_orderkey", DataType.BIGINT, "l_partkey", DataType.INT, "l_suppkey", DataType.INT,
                "l_quantity", DataType.decimal(15, 2), "l_extendedprice", DataType.decimal(15, 2),
                "l_discount", DataType.decimal(15, 2), "l_returnflag", DataType.varchar(1), "l_shipdate", DataType.DATE);
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
        PhysicalPlan p = plan(TpchQueryTexts.Q09);
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

    /**
     * Q10's three months of orders are 3.8% of their range (not Calcite's 25% guess per comparison), so lineitem
     * joined to them (~35K rows estimated, 115K real) is the build side of the join with customer, not the 150K wide
     * customer rows, and customer's scan is cut by the build's keys.
     */
    @Test
    void q10BuildsTheQuartersLineitemOrdersNotCustomer() {
        PhysicalPlan p = plan("""
                select c_custkey, c_name, sum(l_extendedprice * (1 - l_discount)) as revenue, c_acctbal, n_name,
                c_address, c_phone, c_comment
                from customer, orders, lineitem, nation
                where c_custkey = o_custkey and l_orderkey = o_orderkey and o_orderdate >= date '1993-10-01'
                and o_orderdate < date '1993-10-01' + interval '3' month and l_returnflag = 'R'
                and c_nationkey = n_nationkey
                group by c_custkey, c_name, c_acctbal, c_phone, n_name, c_address, c_comment
                order by revenue desc limit 20""");
        PhysicalHashJoin customerWithOrders = joins(p.root()).stream()
                .filter(j -> PlanTables.of(j).containsAll(Set.of("customer", "orders")))
                .reduce((upper, lower) -> lower).orElseThrow();
        assertThat(PlanTables.of(customerWithOrders.build())).as(p.explain()).contains("orders", "lineitem")
                .doesNotContain("customer");
    }

    /** A date range outside the column's values keeps (almost) nothing; one covering it keeps every row. */
    @Test
    void aDateRangeKeepsTheShareOfTheColumnsRangeItCovers() {
        PhysicalPlan p = plan("select count(*) from orders, lineitem where l_orderkey = o_orderkey"
                + " and o_orderdate between date '1990-01-01' and date '1999-01-01'");
        PhysicalHashJoin join = joinOf(p.root(), "orders");
        assertThat(PlanTables.of(join.build())).as(p.explain()).containsExactly("orders");
        p = plan("select count(*) from orders, lineitem where l_orderkey = o_orderkey"
                + " and l_shipdate >= date '1998-11-30'");
        join = joinOf(p.root(), "orders");
        assertThat(PlanTables.of(join.build())).as(p.explain()).containsExactly("lineitem");
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
        Map<Long, io.shoaldb.catalog.model.Table> tables = new HashMap<>();
        ROWS.keySet().forEach(t -> catalog.snapshot().table("db", t).ifPresent(table -> tables.put(table.id(), table)));
        TableStatistics stats = new TableStatistics() {
            @Override
            public OptionalLong rowCount(long tableId) {
                return OptionalLong.of(byId.get(tableId));
            }

            @Override
            public Optional<ValueRange> columnRange(long tableId, int columnUniqueId) {
                return tables.get(tableId).columns().stream().filter(c -> c.uniqueId() == columnUniqueId)
                        .findFirst().map(c -> RANGES.get(c.name()));
            }
        };
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
