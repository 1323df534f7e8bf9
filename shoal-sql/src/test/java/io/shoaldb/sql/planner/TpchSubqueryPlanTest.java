package io.shoaldb.sql.planner;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.sql.parser.DorisSqlParser;
import io.shoaldb.sql.planner.physical.AggregateStep;
import io.shoaldb.sql.planner.physical.JoinType;
import io.shoaldb.sql.planner.physical.PhysicalHashAggregate;
import io.shoaldb.sql.planner.physical.PhysicalHashJoin;
import io.shoaldb.sql.planner.physical.PhysicalNode;
import io.shoaldb.sql.planner.physical.PhysicalPlan;
import io.shoaldb.vector.type.DataType;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Plans of TPC-H's queries with correlated subqueries over aggregations, at the SF1 row counts. */
class TpchSubqueryPlanTest {
    @TempDir
    Path dir;
    private PlannerCatalog catalog;
    /** TPC-H SF1. */
    private static final Map<String, Long> ROWS = Map.of("region", 5L, "nation", 25L, "supplier", 10_000L,
            "lineitem", 6_001_215L, "part", 200_000L, "partsupp", 800_000L, "customer", 150_000L, "orders", 1_500_000L);
    private static final DataType MONEY = DataType.decimal(15, 2);

    @BeforeEach
    void setUp() {
        catalog = new PlannerCatalog(dir, 8);
        catalog.table("region", "r_regionkey", DataType.INT, "r_name", DataType.varchar(25));
        catalog.table("nation", "n_nationkey", DataType.INT, "n_name", DataType.varchar(25), "n_regionkey", DataType.INT);
        catalog.table("supplier", "s_suppkey", DataType.INT, "s_name", DataType.varchar(25), "s_address",
                DataType.varchar(40), "s_nationkey", DataType.INT, "s_phone", DataType.varchar(15), "s_acctbal", MONEY,
                "s_comment", DataType.varchar(101));
        catalog.table("lineitem", "l_orderkey", DataType.BIGINT, "l_partkey", DataType.INT, "l_suppkey", DataType.INT,
                "l_quantity", MONEY, "l_extendedprice", MONEY, "l_shipdate", DataType.DATE);
        catalog.table("part", "p_partkey", DataType.INT, "p_name", DataType.varchar(55), "p_mfgr", DataType.varchar(25),
                "p_brand", DataType.varchar(10), "p_type", DataType.varchar(25), "p_size", DataType.INT,
                "p_container", DataType.varchar(10));
        catalog.table("partsupp", "ps_partkey", DataType.INT, "ps_suppkey", DataType.INT, "ps_availqty", DataType.INT,
                "ps_supplycost", MONEY);
        catalog.table("customer", "c_custkey", DataType.INT, "c_phone", DataType.varchar(15), "c_acctbal", MONEY);
        catalog.table("orders", "o_orderkey", DataType.BIGINT, "o_custkey", DataType.INT);
    }


    @AfterEach
    void tearDown() {
        catalog.close();
    }

    /**
     * Q17's {@code avg(l_quantity)} per part is only needed for the parts of one brand and container: the
     * lineitems are semi-joined to those parts before they are aggregated (204 of 200,000 parts at SF1), not
     * aggregated for every part and joined to the few afterwards.
     */
    @Test
    void q17AggregatesOnlyTheLineitemsOfTheFilteredParts() {
        PhysicalPlan p = plan(ROWS, """
                select sum(l_extendedprice) / 7.0 as avg_yearly from lineitem, part
                where p_partkey = l_partkey and p_brand = 'Brand#23' and p_container = 'MED BOX'
                    and l_quantity < (select 0.2 * avg(l_quantity) from lineitem where l_partkey = p_partkey)""");
        assertThat(reducerUnderAggregation(p.root(), "lineitem")).as(p.explain()).containsExactly("part");
    }

    /**
     * Q20's {@code sum(l_quantity)} per part and supplier is only needed for the partsupp rows of the 'forest'
     * parts; the correlation's {@code l_partkey = l_partkey} (what decorrelation leaves) is a NOT NULL test.
     */
    @Test
    void q20AggregatesOnlyTheLineitemsOfTheForestParts() {
        PhysicalPlan p = plan(ROWS, Q20);
        assertThat(reducerUnderAggregation(p.root(), "lineitem")).as(p.explain())
                .containsExactlyInAnyOrder("partsupp", "part");
        assertThat(p.explain()).doesNotContain("($0 EQ $0)").doesNotContain("($1 EQ $1)");
    }

    /**
     * At SF10 the filtered partsupp side is estimated over the broadcast limit, so the sums are computed for all
     * parts and suppliers: about 5.4 million groups, which must not be a broadcast build (estimated from
     * the decorrelated filter's {@code x = x} terms as an equality each, they looked a few thousand rows, and the
     * broadcast build ran a 1 GB server out of heap).
     */
    @Test
    void q20AtSf10DoesNotBroadcastThePerPartAndSupplierSums() {
        Map<String, Long> sf10 = new HashMap<>();
        ROWS.forEach((t, n) -> sf10.put(t, t.equals("nation") || t.equals("region") ? n : n * 10));
        PhysicalPlan p = plan(sf10, Q20);
        PhysicalHashJoin join = joinOver(p.root(), "lineitem");
        assertThat(join.distribution() == PhysicalHashJoin.Distribution.PARTITIONED
                || PlanTables.of(join.probe()).contains("lineitem")).as(p.explain()).isTrue();
    }

    private static final String Q20 = """
                select s_name, s_address from supplier, nation
                where s_suppkey in (select ps_suppkey from partsupp
                    where ps_partkey in (select p_partkey from part where p_name like 'forest%')
                    and ps_availqty > (select 0.5 * sum(l_quantity) from lineitem
                        where l_partkey = ps_partkey and l_suppkey = ps_suppkey
                        and l_shipdate >= date '1994-01-01' and l_shipdate < date '1994-01-01' + interval '1' year))
                and s_nationkey = n_nationkey and n_name = 'CANADA'
                order by s_name""";

    /** Q2's {@code min(ps_supplycost)} per part is only needed for the parts of one size and type. */
    @Test
    void q02AggregatesOnlyThePartsuppsOfTheFilteredParts() {
        PhysicalPlan p = plan(ROWS, """
                select s_acctbal, s_name, n_name, p_partkey, p_mfgr, s_address, s_phone, s_comment
                from part, supplier, partsupp, nation, region
                where p_partkey = ps_partkey and s_suppkey = ps_suppkey and p_size = 15 and p_type like '%BRASS'
                    and s_nationkey = n_nationkey and n_regionkey = r_regionkey and r_name = 'EUROPE'
                    and ps_supplycost = (select min(ps_supplycost) from partsupp, supplier, nation, region
                        where p_partkey = ps_partkey and s_suppkey = ps_suppkey and s_nationkey = n_nationkey
                        and n_regionkey = r_regionkey and r_name = 'EUROPE')
                order by s_acctbal desc, n_name, s_name, p_partkey limit 100""");
        assertThat(reducerUnderAggregation(p.root(), "partsupp")).as(p.explain()).containsExactly("part");
    }

    /**
     * Q15's {@code max(total_revenue)} is over the view it joins: the view is computed once and its maximum is a
     * window over it, not a second aggregation of lineitem.
     */
    @Test
    void q15ComputesTheRevenueViewOnce() {
        PhysicalPlan p = plan(ROWS, """
                with revenue0 as (select l_suppkey as supplier_no, sum(l_extendedprice * (1 - l_quantity)) as total_revenue
                    from lineitem where l_shipdate >= date '1996-01-01' and l_shipdate < date '1996-01-01' + interval '3' month
                    group by l_suppkey)
                select s_suppkey, s_name, s_address, s_phone, total_revenue from supplier, revenue0
                where s_suppkey = supplier_no and total_revenue = (select max(total_revenue) from revenue0)
                order by s_suppkey""");
        assertThat(PlanTables.scans(p.root(), "lineitem")).as(p.explain()).isEqualTo(1);
        assertThat(p.explain()).as(p.explain()).contains("Window partitionKeys=[]").contains("MAX($1)");
        // the one row of the maximum is the build, and supplier the probe its keys filter
        PhysicalHashJoin withSupplier = joinOver(p.root(), "lineitem");
        assertThat(PlanTables.of(withSupplier.probe())).as(p.explain()).containsExactly("supplier");
    }

    /**
     * Q11's total {@code sum(ps_supplycost * ps_availqty)} is over the rows it also sums per part: the total is the
     * sum of the per-part sums, a window over them, and partsupp is joined to supplier and nation once.
     */
    @Test
    void q11TotalIsTheSumOfThePerPartSums() {
        PhysicalPlan p = plan(ROWS, Q11.formatted("GERMANY", "GERMANY"));
        assertThat(PlanTables.scans(p.root(), "partsupp")).as(p.explain()).isEqualTo(1);
        assertThat(p.explain()).as(p.explain()).contains("Window partitionKeys=[]").contains("SUM($1)");
    }

    /**
     * The plan cache's template of Q11 (its {@code 'GERMANY'}s as parameters) gets the same plan: equal literals are
     * one parameter, so the subquery's rows are still seen to be the query's; with two nations they are not.
     */
    @Test
    void q11PlannedForReuseStillSumsThePerPartSums() {
        String sql = Q11.formatted("GERMANY", "GERMANY");
        QueryShape shape = QueryShape.of(sql);
        PlanTemplate template = new QueryPlanner().prepare(DorisSqlParser.parse(sql), shape, catalog.snapshot(), "db",
                settings(ROWS));
        assertThat(template.parameterCount()).isEqualTo(1);
        PhysicalPlan p = template.bind(shape);
        assertThat(PlanTables.scans(p.root(), "partsupp")).as(p.explain()).isEqualTo(1);
        PhysicalPlan france = template.bind(QueryShape.of(Q11.formatted("FRANCE", "FRANCE")));
        assertThat(france.explain()).contains("FRANCE").doesNotContain("GERMANY");

        String two = Q11.formatted("GERMANY", "FRANCE");
        assertThat(QueryShape.of(two).key()).isNotEqualTo(shape.key());
        PlanTemplate twoNations = new QueryPlanner().prepare(DorisSqlParser.parse(two), QueryShape.of(two),
                catalog.snapshot(), "db", settings(ROWS));
        assertThat(twoNations.parameterCount()).isEqualTo(2);
        PhysicalPlan q = twoNations.bind(QueryShape.of(two));
        assertThat(PlanTables.scans(q.root(), "partsupp")).as(q.explain()).isEqualTo(2);
    }

    private static final String Q11 = """
            select ps_partkey, sum(ps_supplycost * ps_availqty) as value from partsupp, supplier, nation
            where ps_suppkey = s_suppkey and s_nationkey = n_nationkey and n_name = '%s'
            group by ps_partkey having sum(ps_supplycost * ps_availqty) > (
                select sum(ps_supplycost * ps_availqty) * 0.0001 from partsupp, supplier, nation
                where ps_suppkey = s_suppkey and s_nationkey = n_nationkey and n_name = '%s')
            order by value desc""";

    /**
     * Q22's {@code c_acctbal > (select avg(c_acctbal) ...)} tests only customer's columns: it filters the customers
     * before the anti join with orders, which then builds on / probes fewer than half of them.
     */
    @Test
    void q22FiltersTheCustomersByTheAverageBeforeTheAntiJoin() {
        PhysicalPlan p = plan(ROWS, """
                select cntrycode, count(*) as numcust, sum(c_acctbal) as totacctbal from (
                    select substring(c_phone, 1, 2) as cntrycode, c_acctbal from customer
                    where substring(c_phone, 1, 2) in ('13', '31', '23', '29', '30', '18', '17')
                        and c_acctbal > (select avg(c_acctbal) from customer where c_acctbal > 0.00
                            and substring(c_phone, 1, 2) in ('13', '31', '23', '29', '30', '18', '17'))
                        and not exists (select * from orders where o_custkey = c_custkey)) as custsale
                group by cntrycode order by cntrycode""");
        PhysicalHashJoin anti = topJoin(p.root());
        assertThat(anti.type()).as(p.explain()).isIn(JoinType.ANTI, JoinType.RIGHT_ANTI);
        PhysicalNode customers = anti.type() == JoinType.ANTI ? anti.probe() : anti.build();
        PhysicalHashJoin withAverage = topJoin(customers);
        assertThat(withAverage).as(p.explain()).isNotNull();
        assertThat(withAverage.type()).as(p.explain()).isEqualTo(JoinType.INNER);
    }

    /**
     * Q18's {@code o_orderkey IN (...)} keeps orders by their own key: the semi join filters the orders before they
     * are joined to customer and built for lineitem's join (57 of 1.5M at SF1), not the joined lineitem rows after.
     */
    @Test
    void q18SemiJoinsTheOrdersBeforeTheirJoins() {
        PhysicalPlan p = plan(ROWS, """
                select c_custkey, o_orderkey, sum(l_quantity) from customer, orders, lineitem
                where o_orderkey in (select l_orderkey from lineitem group by l_orderkey having sum(l_quantity) > 300)
                    and c_custkey = o_custkey and o_orderkey = l_orderkey
                group by c_custkey, o_orderkey""");
        PhysicalHashJoin semi = semiJoin(p.root());
        assertThat(semi).as(p.explain()).isNotNull();
        assertThat(PlanTables.of(semi.probe())).as(p.explain()).containsExactly("orders");
    }

    private static PhysicalHashJoin semiJoin(PhysicalNode node) {
        return node instanceof PhysicalHashJoin j && j.type() == JoinType.SEMI ? j : node.inputs().stream()
                .map(TpchSubqueryPlanTest::semiJoin).filter(java.util.Objects::nonNull).findFirst().orElse(null);
    }

    /** The top-most join under {@code node}. */
    private static PhysicalHashJoin topJoin(PhysicalNode node) {
        return node instanceof PhysicalHashJoin j ? j : node.inputs().stream().map(TpchSubqueryPlanTest::topJoin)
                .filter(java.util.Objects::nonNull).findFirst().orElse(null);
    }

    private PhysicalPlan plan(Map<String, Long> rows, String sql) {
        return new QueryPlanner().plan(DorisSqlParser.parse(sql), catalog.snapshot(), "db", settings(rows));
    }

    private PlannerSettings settings(Map<String, Long> rows) {
        Map<Long, Long> byId = new HashMap<>();
        rows.forEach((t, n) -> byId.put(catalog.snapshot().table("db", t).orElseThrow().id(), n));
        TableStatistics stats = id -> OptionalLong.of(byId.get(id));
        return new PlannerSettings(stats, PlannerSettings.DEFAULT_BROADCAST_ROW_LIMIT);
    }

    /**
     * The tables of the build side of a semi join of rows of {@code table} (and others) right under the
     * aggregation that reads the rows (PARTIAL, or SINGLE by bucket), or none when there is no such semi join.
     */
    private static Set<String> reducerUnderAggregation(PhysicalNode node, String table) {
        if (node instanceof PhysicalHashAggregate agg && agg.step() != AggregateStep.FINAL // PARTIAL, or SINGLE by bucket
                && agg.input() instanceof PhysicalHashJoin j && j.type() == JoinType.SEMI
                && PlanTables.of(j.probe()).contains(table)) {
            return PlanTables.of(j.build());
        }
        for (PhysicalNode in : node.inputs()) {
            Set<String> found = reducerUnderAggregation(in, table);
            if (!found.isEmpty()) {
                return found;
            }
        }
        return Set.of();
    }

    /** The join one of whose inputs holds an aggregation over {@code table}. */
    private static PhysicalHashJoin joinOver(PhysicalNode node, String table) {
        if (node instanceof PhysicalHashJoin j && (aggregates(j.probe(), table) || aggregates(j.build(), table))) {
            return j;
        }
        return node.inputs().stream().map(in -> joinOver(in, table)).filter(java.util.Objects::nonNull).findFirst()
                .orElse(null);
    }

    private static boolean aggregates(PhysicalNode node, String table) {
        if (node instanceof PhysicalHashJoin) {
            return false;
        }
        if (node instanceof PhysicalHashAggregate agg && PlanTables.of(agg).contains(table)) {
            return true;
        }
        return node.inputs().stream().anyMatch(in -> aggregates(in, table));
    }

}
