package io.shoaldb.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.sql.planner.physical.PhysicalNode;
import io.shoaldb.sql.planner.physical.PhysicalScan;
import io.shoaldb.sql.planner.physical.ScanPredicate;
import java.nio.file.Path;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Calls over constants are folded while planning by the executor's kernels: TPC-H's date arithmetic becomes a
 * literal the scan can prune with, exactly as if the date had been written out.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ConstantFoldingTest {
    private TestDatabase db;

    @BeforeAll
    void create(@TempDir Path dir) {
        db = new TestDatabase(dir, 1, 1);
        Lineitem.create(db, 1);
    }

    @AfterAll
    void close() {
        db.close();
    }

    private ScanPredicate pushed(String sql) {
        PhysicalNode node = db.plan(sql).root();
        while (!(node instanceof PhysicalScan)) {
            node = node.inputs().getFirst();
        }
        return ((PhysicalScan) node).pushed();
    }

    @Test
    void intervalArithmeticOnADateLiteralIsAScanPredicate() {
        assertThat(pushed("SELECT count(*) FROM lineitem WHERE l_shipdate <= date '1998-12-01' - interval '90' day"))
                .isEqualTo(pushed("SELECT count(*) FROM lineitem WHERE l_shipdate <= date '1998-09-02'"))
                .isEqualTo(new ScanPredicate.Compare(8, ScanPredicate.Op.LE, LocalDate.of(1998, 9, 2)));
        assertThat(pushed("SELECT count(*) FROM lineitem WHERE l_shipdate < date '1994-01-01' + interval '1' year"))
                .isEqualTo(new ScanPredicate.Compare(8, ScanPredicate.Op.LT, LocalDate.of(1995, 1, 1)));
    }

    @Test
    void functionsOverConstantsAreFolded() {
        String sql = "SELECT upper('a'), date_add('2020-01-31', INTERVAL 1 MONTH), round(2.345, 2),"
                + " CASE WHEN 1 > 2 THEN 'x' ELSE 'y' END, 0.06 + 0.01";
        assertThat(db.plan(sql).root().toString()).doesNotContain("upper(", "months_add(", "round(", "case(", "+");
        assertThat(db.query(sql)).containsExactly(List.of("A", LocalDateTime.of(2020, 2, 29, 0, 0),
                new BigDecimal("2.35"), "y", new BigDecimal("0.07")));
    }
}
