package io.shoaldb.sql.planner;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.sql.parser.DorisSqlParser;
import io.shoaldb.sql.planner.physical.PhysicalNode;
import io.shoaldb.sql.planner.physical.PhysicalPlan;
import io.shoaldb.sql.planner.physical.PhysicalScan;
import io.shoaldb.vector.type.DataType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The single-column filters a disjunction implies reach the scans (TPC-H Q7's two nations). */
class ImpliedColumnFiltersTest {
    @TempDir
    Path dir;
    private PlannerCatalog catalog;

    @BeforeEach
    void setUp() {
        catalog = new PlannerCatalog(dir, 2);
        catalog.table("nation", "n_nationkey", DataType.INT, "n_name", DataType.varchar(25));
        catalog.table("supplier", "s_suppkey", DataType.INT, "s_nationkey", DataType.INT);
        catalog.table("customer", "c_custkey", DataType.INT, "c_nationkey", DataType.INT);
    }


    @AfterEach
    void tearDown() {
        catalog.close();
    }

    @Test
    void everyBranchConstrainingAColumnFiltersItsScan() {
        PhysicalPlan p = plan("""
                select count(*) from supplier, customer, nation n1, nation n2
                where s_nationkey = n1.n_nationkey and c_nationkey = n2.n_nationkey
                    and ((n1.n_name = 'FRANCE' and n2.n_name = 'GERMANY')
                        or (n1.n_name = 'GERMANY' and n2.n_name = 'FRANCE'))""");
        List<PhysicalScan> nations = scans(p.root(), "nation");
        assertThat(nations).as(p.explain()).hasSize(2)
                .allSatisfy(scan -> assertThat(scan.filter()).as(p.explain()).isNotNull());
    }

    @Test
    void aColumnLeftFreeInOneBranchIsNotFiltered() {
        PhysicalPlan p = plan("""
                select count(*) from supplier, nation n1, nation n2
                where s_nationkey = n1.n_nationkey and s_suppkey = n2.n_nationkey
                    and ((n1.n_name = 'FRANCE' and n2.n_name = 'GERMANY') or n2.n_name = 'FRANCE')""");
        List<PhysicalScan> nations = scans(p.root(), "nation");
        assertThat(nations).as(p.explain()).hasSize(2)
                .anySatisfy(scan -> assertThat(scan.filter()).as(p.explain()).isNull());
    }

    private PhysicalPlan plan(String sql) {
        return new QueryPlanner().plan(DorisSqlParser.parse(sql), catalog.snapshot(), "db",
                new PlannerSettings(TableStatistics.NONE, PlannerSettings.DEFAULT_BROADCAST_ROW_LIMIT));
    }

    private static List<PhysicalScan> scans(PhysicalNode node, String table) {
        List<PhysicalScan> out = new ArrayList<>();
        if (node instanceof PhysicalScan scan && scan.table().equals(table)) {
            out.add(scan);
        }
        node.inputs().forEach(in -> out.addAll(scans(in, table)));
        return out;
    }
}
