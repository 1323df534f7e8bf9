package io.shoaldb.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.exec.spill.SpillSettings;
import io.shoaldb.sql.parser.DorisSqlParser;
import io.shoaldb.sql.planner.PlannerSettings;
import io.shoaldb.sql.planner.TableStatistics;
import io.shoaldb.sql.planner.physical.PhysicalHashJoin;
import io.shoaldb.sql.planner.physical.PhysicalNode;
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
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Broadcast hash joins whose one shared build is written to disk return exactly what the in-memory join returns:
 * every join type the planner broadcasts, NOT IN with and without NULL keys on either side and over an empty build,
 * generated rows with duplicate keys, NULL keys and one key holding a third of the build rows. Every join is planned
 * broadcast, runs on three probe drivers (which share the written-out partitions), and is compared three ways: in
 * memory, under force spill with a tiny threshold (every partition of the build is written out, so the shared table
 * is empty and every probe row goes through a spilled partition), and under a small exec_mem_limit without force.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BroadcastSpillJoinTest {
    /** Under the size of the build side with all its columns: such a join fails without spilling. */
    private static final long LIMIT = 512L << 10;
    private static final PlannerSettings BROADCAST = new PlannerSettings(TableStatistics.NONE, Long.MAX_VALUE);
    private static final SpillSettings FORCE = new SpillSettings(true, true, 16 << 10);

    @TempDir
    static Path dir;
    private TestDatabase db;

    @BeforeAll
    void setUp() {
        db = new TestDatabase(dir, 3, 2);
        SkewedJoinTables.create(db, 11);
    }

    @AfterAll
    void tearDown() {
        db.close();
    }

    static Stream<String> queries() {
        return Stream.of(
                "SELECT p.id, b.id FROM probe p JOIN build b ON p.k = b.k",
                "SELECT p.id, b.id, b.s, b.v FROM probe p JOIN build b ON p.s = b.s AND p.k = b.k",
                "SELECT p.id, b.id, b.v FROM probe p LEFT JOIN build b ON p.k = b.k AND p.s = b.s",
                "SELECT p.id, b.id FROM probe p RIGHT JOIN build b ON p.k = b.k AND p.s = b.s",
                "SELECT p.id, b.id FROM probe p FULL OUTER JOIN build b ON p.k = b.k AND p.v < b.v",
                "SELECT p.id FROM probe p WHERE EXISTS (SELECT 1 FROM build b WHERE b.k = p.k AND b.s = p.s)",
                "SELECT p.id FROM probe p WHERE NOT EXISTS (SELECT 1 FROM build b WHERE b.k = p.k AND b.s = p.s)",
                "SELECT p.id FROM probe p WHERE NOT EXISTS (SELECT 1 FROM build b WHERE b.k = p.k AND b.v > p.v)",
                "SELECT p.id FROM probe p WHERE p.k IN (SELECT k FROM build WHERE v > 500)",
                // NOT IN: a NULL among the build keys (in one partition) empties the answer ...
                "SELECT p.id FROM probe p WHERE p.k NOT IN (SELECT k FROM build WHERE v > 10)",
                // ... without one, NULL probe keys are still dropped, though the in-memory partitions may be empty
                "SELECT p.id FROM probe p WHERE p.k NOT IN (SELECT k FROM build WHERE k IS NOT NULL AND v > 10)",
                // ... and over an empty build every probe row is returned, NULL keys too
                "SELECT p.id, p.k FROM probe p WHERE p.k NOT IN (SELECT k FROM build WHERE v > 5000)",
                "SELECT count(*), sum(p.v), sum(b.v) FROM probe p JOIN build b ON p.k = b.k");
    }

    @ParameterizedTest
    @MethodSource("queries")
    void forceSpillGivesTheInMemoryAnswer(String sql) {
        assertBroadcast(sql);
        List<List<Object>> expected = sorted(db.query(sql, BROADCAST, QueryContext.of(0, 3)
                .withSpill(SpillSettings.DISABLED)));
        long runsBefore = counters().runsWritten();
        List<List<Object>> spilled = sorted(db.query(sql, BROADCAST, QueryContext.of(0, 3).withSpill(FORCE)));
        assertThat(spilled).isEqualTo(expected);
        if (!sql.contains("v > 5000")) { // an empty build has nothing to spill
            assertThat(counters().runsWritten()).as("runs written").isGreaterThan(runsBefore);
        }
        assertNoRunsLeft();
    }

    static Stream<String> largeBuildQueries() {
        return queries().filter(sql -> !sql.contains("v > 5000") && !sql.contains("v > 500)"));
    }

    @ParameterizedTest
    @MethodSource("largeBuildQueries")
    void smallMemoryLimitSpillsInsteadOfFailing(String sql) {
        List<List<Object>> expected = sorted(db.query(sql, BROADCAST, QueryContext.of(0, 3)
                .withSpill(SpillSettings.DISABLED)));
        long runsBefore = counters().runsWritten();
        List<List<Object>> spilled = sorted(db.query(sql, BROADCAST, QueryContext.of(0, 3)
                .withMemoryLimit(LIMIT).withSpill(SpillSettings.DEFAULT)));
        assertThat(spilled).isEqualTo(expected);
        assertThat(counters().runsWritten()).as("runs written").isGreaterThan(runsBefore);
        assertNoRunsLeft();
    }

    /**
     * A LIMIT satisfied early closes some probe drivers before they reach their spilled partitions: the others must
     * not wait for them.
     */
    @Test
    @Timeout(30)
    void probersClosedByALimitDoNotHoldUpTheOthers() {
        String sql = "SELECT p.id, b.id FROM probe p JOIN build b ON p.k = b.k LIMIT 7";
        assertBroadcast(sql);
        assertThat(db.query(sql, BROADCAST, QueryContext.of(0, 3).withSpill(FORCE))).hasSize(7);
        assertNoRunsLeft();
    }

    /** A query closed while the probers share spilled partitions stops at once and leaves no run behind. */
    @Test
    void closingTheQueryMidJoinStopsItAndDeletesItsRuns() {
        String sql = "SELECT p.id, b.id, b.s FROM probe p JOIN build b ON p.k = b.k";
        long runsBefore = counters().runsWritten();
        QueryResultStream stream = db.executor.execute(plan(sql), QueryContext.of(0, 3).withSpill(FORCE));
        assertThat(stream.next()).isNotNull();
        long start = System.nanoTime();
        stream.close();
        assertThat((System.nanoTime() - start) / 1_000_000).as("ms to close").isLessThan(1000);
        assertThat(counters().runsWritten()).as("runs written").isGreaterThan(runsBefore);
        assertNoRunsLeft();
    }

    private PhysicalPlan plan(String sql) {
        return db.planner.plan(DorisSqlParser.parse(sql), db.catalog.snapshot(), TestDatabase.DB, BROADCAST);
    }

    /** The test is about broadcast joins: every join of the plan must be one. */
    private void assertBroadcast(String sql) {
        List<PhysicalHashJoin> joins = new ArrayList<>();
        collectJoins(plan(sql).root(), joins);
        assertThat(joins).isNotEmpty().allSatisfy(j ->
                assertThat(j.distribution()).isEqualTo(PhysicalHashJoin.Distribution.BROADCAST));
    }

    private static void collectJoins(PhysicalNode node, List<PhysicalHashJoin> out) {
        if (node instanceof PhysicalHashJoin j) {
            out.add(j);
        }
        node.inputs().forEach(n -> collectJoins(n, out));
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
