package io.shoaldb.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.exec.spill.SpillSettings;
import io.shoaldb.sql.parser.DorisSqlParser;
import io.shoaldb.sql.planner.PlannerSettings;
import io.shoaldb.sql.planner.TableStatistics;
import io.shoaldb.sql.planner.physical.PhysicalPlan;
import io.shoaldb.storage.spill.SpillCounters;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Hash joins whose build side is written to disk (grace/hybrid hash join) return exactly what the in-memory join
 * returns, for every join type: generated rows with duplicate keys, NULL keys, one key holding most rows (skew),
 * multi-column and string keys, residual conditions. Joins are planned partitioned (NOT IN, always broadcast, is
 * here too; {@link BroadcastSpillJoinTest} covers broadcast builds), run on three drivers, and compared three ways: in memory, under force spill with a tiny threshold (every build
 * writes out most partitions and re-partitions them), and under a small exec_mem_limit without force.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SpillJoinTest {
    /** Under the size of a build side with all its columns: such a join fails without spilling. */
    private static final long LIMIT = 512L << 10;
    private static final PlannerSettings PARTITIONED = new PlannerSettings(TableStatistics.NONE, 0);

    @TempDir
    static Path dir;
    private TestDatabase db;

    @BeforeAll
    void setUp() {
        db = new TestDatabase(dir, 3, 2);
        SkewedJoinTables.create(db, 1);
    }

    @AfterAll
    void tearDown() {
        db.close();
    }

    static Stream<String> queries() {
        return Stream.of(
                "SELECT p.id, b.id FROM probe p JOIN build b ON p.k = b.k",
                "SELECT p.id, b.id, b.v FROM probe p LEFT JOIN build b ON p.k = b.k AND p.s = b.s",
                "SELECT p.id, b.id FROM probe p RIGHT JOIN build b ON p.k = b.k AND p.s = b.s",
                "SELECT p.id, b.id FROM probe p FULL OUTER JOIN build b ON p.k = b.k AND p.s = b.s",
                "SELECT p.id, b.id FROM probe p FULL OUTER JOIN build b ON p.k = b.k AND p.v < b.v",
                "SELECT p.id, b.id FROM probe p JOIN build b ON p.s = b.s AND p.k = b.k AND p.v = b.v",
                "SELECT p.id FROM probe p WHERE EXISTS (SELECT 1 FROM build b WHERE b.k = p.k AND b.s = p.s)",
                "SELECT p.id FROM probe p WHERE NOT EXISTS (SELECT 1 FROM build b WHERE b.k = p.k AND b.s = p.s)",
                "SELECT p.id FROM probe p WHERE NOT EXISTS (SELECT 1 FROM build b WHERE b.k = p.k AND b.v > p.v)",
                // correlated: the semi join's build keeps k and v of all 20,000 rows (a build holds only the columns
                // its join reads, and an uncorrelated IN's filtered keys fit under LIMIT without spilling)
                "SELECT p.id FROM probe p WHERE p.k IN (SELECT k FROM build b WHERE b.v > p.v)",
                "SELECT p.id FROM probe p WHERE p.k NOT IN (SELECT k FROM build WHERE k IS NOT NULL AND v > 10)",
                "SELECT count(*), sum(p.v), sum(b.v) FROM probe p JOIN build b ON p.k = b.k",
                "SELECT p.id, b.id, b.s, b.v FROM probe p JOIN build b ON p.k = b.k");
    }

    @ParameterizedTest
    @MethodSource("queries")
    void forceSpillGivesTheInMemoryAnswer(String sql) {
        List<List<Object>> expected = sorted(db.query(sql, PARTITIONED, QueryContext.of(0, 3)
                .withSpill(SpillSettings.DISABLED)));
        long runsBefore = counters().runsWritten();
        List<List<Object>> spilled = sorted(db.query(sql, PARTITIONED, QueryContext.of(0, 3)
                .withSpill(new SpillSettings(true, true, 16 << 10))));
        assertThat(spilled).isEqualTo(expected);
        assertThat(counters().runsWritten()).as("runs written").isGreaterThan(runsBefore);
        assertNoRunsLeft();
    }

    @ParameterizedTest
    @MethodSource("queries")
    void smallMemoryLimitSpillsInsteadOfFailing(String sql) {
        List<List<Object>> expected = sorted(db.query(sql, PARTITIONED, QueryContext.of(0, 3)
                .withSpill(SpillSettings.DISABLED)));
        long runsBefore = counters().runsWritten();
        List<List<Object>> spilled = sorted(db.query(sql, PARTITIONED, QueryContext.of(0, 3)
                .withMemoryLimit(LIMIT).withSpill(SpillSettings.DEFAULT)));
        assertThat(spilled).isEqualTo(expected);
        assertThat(counters().runsWritten()).as("runs written").isGreaterThan(runsBefore);
        assertNoRunsLeft();
    }

    @Test
    void theSameLimitWithoutSpillFails() {
        String sql = "SELECT p.id, b.id, b.s, b.v FROM probe p JOIN build b ON p.k = b.k";
        assertThatThrownBy(() -> db.query(sql, PARTITIONED, QueryContext.of(0, 3).withMemoryLimit(LIMIT)
                .withSpill(SpillSettings.DISABLED)))
                .isInstanceOf(ShoalException.class)
                .extracting(e -> ((ShoalException) e).code()).isEqualTo(ErrorCode.MEM_LIMIT_EXCEEDED);
    }

    /**
     * Rows of one key cannot be split by re-partitioning: when they alone are over the limit the query fails with
     * MEM_LIMIT_EXCEEDED (after spilling and trying to split them), not with OutOfMemoryError.
     */
    @Test
    void oneKeyOverTheLimitFailsWithMemLimitExceeded() {
        String sql = "SELECT p.id, b.id, b.s, b.v FROM probe p JOIN build b ON p.k = b.k WHERE b.k = 7";
        long runsBefore = counters().runsWritten();
        assertThatThrownBy(() -> db.query(sql, PARTITIONED, QueryContext.of(0, 3).withMemoryLimit(128L << 10)
                .withSpill(SpillSettings.DEFAULT)))
                .isInstanceOf(ShoalException.class)
                .extracting(e -> ((ShoalException) e).code()).isEqualTo(ErrorCode.MEM_LIMIT_EXCEEDED);
        assertThat(counters().runsWritten()).as("runs written").isGreaterThan(runsBefore);
        assertNoRunsLeft();
    }

    /** A query closed while its spilled partitions are being joined stops at once and leaves no run behind. */
    @Test
    void closingTheQueryMidJoinStopsItAndDeletesItsRuns() {
        String sql = "SELECT p.id, b.id, b.s FROM probe p JOIN build b ON p.k = b.k";
        long runsBefore = counters().runsWritten();
        PhysicalPlan plan = db.planner.plan(DorisSqlParser.parse(sql), db.catalog.snapshot(), TestDatabase.DB,
                PARTITIONED);
        QueryResultStream stream = db.executor.execute(plan, QueryContext.of(0, 3)
                .withSpill(new SpillSettings(true, true, 16 << 10)));
        assertThat(stream.next()).isNotNull();
        long start = System.nanoTime();
        stream.close();
        assertThat((System.nanoTime() - start) / 1_000_000).as("ms to close").isLessThan(1000);
        assertThat(counters().runsWritten()).as("runs written").isGreaterThan(runsBefore);
        assertNoRunsLeft();
    }

    private SpillCounters counters() {
        return db.storage.spillSpace().counters();
    }

    private void assertNoRunsLeft() {
        assertThat(counters().bytesOnDisk()).isZero();
        for (Path d : db.storage.spillSpace().directories()) {
            try (Stream<Path> files = Files.list(d)) {
                assertThat(files.toList()).isEmpty();
            } catch (java.io.IOException e) {
                throw new AssertionError(e);
            }
        }
    }

    private static List<List<Object>> sorted(List<List<Object>> rows) {
        List<List<Object>> out = new ArrayList<>(rows);
        out.sort(Comparator.comparing(Object::toString));
        return out;
    }
}
