package io.shoaldb.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.catalog.model.KeysType;
import io.shoaldb.exec.profile.QueryProfile;
import io.shoaldb.exec.spill.SpillSettings;
import io.shoaldb.sql.parser.DorisSqlParser;
import io.shoaldb.sql.planner.PlannerSettings;
import io.shoaldb.sql.planner.physical.PhysicalPlan;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.type.DataType;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * EXPLAIN's pipelines and EXPLAIN ANALYZE's counters over a real catalog and storage: the pipelines are the ones
 * the executor makes (exchanges with their routing, join builds, drivers), and the counted rows are the real
 * ones - what each scan read, what each operator returned, what reached the result.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class QueryProfileTest {
    private static final String JOIN_AGGREGATE = "SELECT o.c, count(*), sum(l.q) FROM l JOIN o ON l.o = o.id"
            + " GROUP BY o.c ORDER BY o.c";
    @TempDir
    static Path dir;
    private TestDatabase db;

    @BeforeAll
    void setUp() {
        db = new TestDatabase(dir, 3, 2);
        db.create("o", KeysType.DUPLICATE, List.of("id"), List.of(TestDatabase.col("id", DataType.INT, false),
                TestDatabase.col("c", DataType.INT, false)), 3);
        // 4 buckets against the orders' 3, so that the join is partitioned, not colocated
        db.create("l", KeysType.DUPLICATE, List.of("o"), List.of(TestDatabase.col("o", DataType.INT, false),
                TestDatabase.col("q", DataType.BIGINT, false)), 4);
        BatchBuilder orders = new BatchBuilder(List.of(DataType.INT, DataType.INT), 100);
        for (int id = 0; id < 100; id++) {
            orders.appendRow(id, id % 5);
        }
        db.load("o", orders.build());
        // 10,000 lines: order id i % 200, so only the 5,000 lines of orders 0..99 join.
        BatchBuilder lines = new BatchBuilder(List.of(DataType.INT, DataType.BIGINT), 10_000);
        for (int i = 0; i < 10_000; i++) {
            lines.appendRow(i % 200, 1L);
        }
        db.load("l", lines.build());
    }

    @AfterAll
    void tearDown() {
        db.close();
    }

    private PhysicalPlan plan(String sql, long broadcastLimit) {
        return db.planner.plan(DorisSqlParser.parse(sql), db.catalog.snapshot(), TestDatabase.DB,
                new PlannerSettings(PlannerSettings.DEFAULT.statistics(), broadcastLimit));
    }

    @Test
    void explainShowsPipelinesExchangesAndDrivers() {
        List<String> lines = db.executor.explain(plan(JOIN_AGGREGATE, 0), QueryContext.of(0, 3));
        String text = String.join("\n", lines);
        assertThat(lines.getFirst()).startsWith("PIPELINE 0: result, drivers=1, sink=RESULT");
        assertThat(text).contains("sink=EXCHANGE(HASH) keys=").contains("sink=EXCHANGE(MERGE) ordering=[$0 ASC NULLS FIRST] producers=3")
                .contains("sink=HASH_BUILD(INNER, PARTITIONED)").contains("HashJoin(INNER, PARTITIONED)")
                .contains("Scan test.l").contains("Scan test.o").contains("<- PIPELINE").contains("drivers=3")
                .contains("starts after PIPELINE").contains("Sort keys=[$0 ASC NULLS FIRST]");
        assertThat(text).as("nothing ran").doesNotContain("rows out");
    }

    @ParameterizedTest
    @ValueSource(strings = {JOIN_AGGREGATE, "SELECT id FROM o WHERE c = (SELECT max(c) FROM o)",
            "SELECT count(*) FROM l WHERE o NOT IN (SELECT id FROM o)", "SELECT o, q FROM l ORDER BY o DESC LIMIT 3"})
    void everyPipelineButTheResultFeedsExactlyOneOther(String sql) {
        for (long broadcastLimit : new long[] {0, PlannerSettings.DEFAULT_BROADCAST_ROW_LIMIT}) {
            List<String> lines = db.executor.explain(plan(sql, broadcastLimit), QueryContext.of(0, 2));
            long pipelines = lines.stream().filter(l -> l.startsWith("PIPELINE ")).count();
            assertThat(pipelines).isPositive();
            for (int p = 1; p < pipelines; p++) {
                String feeds = "<- PIPELINE " + p + " (";
                assertThat(lines.stream().filter(l -> l.trim().startsWith(feeds)))
                        .as("PIPELINE %d of\n%s", p, String.join("\n", lines)).hasSize(1);
            }
            assertThat(lines.stream().filter(l -> l.contains("<- PIPELINE 0 "))).isEmpty();
        }
    }

    @Test
    void analyzeCountsTheRealRows() {
        QueryProfile profile = QueryProfile.measuring();
        long resultRows = 0;
        long scanned;
        try (QueryResultStream s = db.executor.execute(plan(JOIN_AGGREGATE, 0), QueryContext.of(0, 3), profile)) {
            for (Batch b = s.next(); b != null; b = s.next()) {
                resultRows += b.positionCount();
            }
            s.close();
            scanned = s.scannedRows();
        }
        assertThat(resultRows).isEqualTo(5);
        assertThat(scanned).isEqualTo(10_100);
        List<String> lines = profile.render();
        String text = String.join("\n", lines);
        assertThat(rowsOut(lines, "Scan test.l")).isEqualTo(10_000);
        assertThat(rowsOut(lines, "Scan test.o")).isEqualTo(100);
        assertThat(rowsOut(lines, "HashJoin(INNER")).isEqualTo(5_000);
        assertThat(rowsOut(lines, "Sort keys=")).isEqualTo(5);
        assertThat(text).contains("to sink 5 rows").contains("drivers 3").contains("self cpu")
                .contains("peak memory").contains("sink holds");
        // The timeline: a probe pipeline starts only once the join build it waits for has finished.
        for (int i = 0; i < lines.size() - 1; i++) {
            Matcher waits = Pattern.compile("starts after PIPELINE (\\d+)").matcher(lines.get(i));
            if (waits.find()) {
                double[] probe = timeline(lines.get(i + 1));
                double[] build = timeline(lines.get(lines.indexOf(lines.stream()
                        .filter(l -> l.startsWith("PIPELINE " + waits.group(1) + ":")).findFirst().orElseThrow()) + 1));
                assertThat(probe[0]).as("start of\n%s", text).isGreaterThanOrEqualTo(build[2]);
                assertThat(probe[2]).isGreaterThanOrEqualTo(probe[0]);
            }
        }
    }

    /** A pipeline's started / first batch to its sink / finished, in ms since the query started. */
    private static double[] timeline(String counters) {
        Matcher m = Pattern.compile("at \\+([0-9.]+) / \\+([0-9.]+) / \\+([0-9.]+)]").matcher(counters);
        assertThat(m.find()).as(counters).isTrue();
        return new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)),
                Double.parseDouble(m.group(3))};
    }

    @Test
    void aFilteredScanShowsTheRowsItReadAndTheRowsItKept() {
        QueryProfile profile = QueryProfile.measuring();
        try (QueryResultStream s = db.executor.execute(plan("SELECT count(*) FROM l WHERE o < 50", 0),
                QueryContext.of(0, 2), profile)) {
            Batch b = s.next();
            assertThat(b.column(0).getObject(0)).isEqualTo(2500L);
        }
        List<String> lines = profile.render();
        assertThat(rowsOut(lines, "Scan test.l")).isEqualTo(2500);
        String scanCounters = lines.get(lines.indexOf(lines.stream().filter(l -> l.trim().startsWith("Scan test.l"))
                .findFirst().orElseThrow()) + 1);
        Matcher read = Pattern.compile("rows read (\\d+)").matcher(scanCounters);
        assertThat(read.find()).as(scanCounters).isTrue();
        // Zone maps may skip pages of keys >= 50 (segments are sorted by o), never pages it needs.
        assertThat(Long.parseLong(read.group(1))).isBetween(2500L, 10_000L);
    }

    @Test
    void aSpillingAggregationShowsWhatItWroteAndStillCountsEveryGroup() {
        QueryProfile profile = QueryProfile.measuring();
        QueryContext forced = QueryContext.of(0, 2).withSpill(new SpillSettings(true, true, 4096));
        try (QueryResultStream s = db.executor.execute(plan("SELECT count(*) FROM (SELECT o, q FROM l GROUP BY o, q) g",
                0), forced, profile)) {
            assertThat(s.next().column(0).getObject(0)).isEqualTo(200L);
        }
        String text = String.join("\n", profile.render());
        assertThat(text).as(text).containsPattern("spilled [0-9.]+ [KMG]?B in [0-9]+ runs");
    }

    /** The "rows out" counted for the first operator whose line starts with {@code label}. */
    private static long rowsOut(List<String> lines, String label) {
        for (int i = 0; i < lines.size() - 1; i++) {
            if (lines.get(i).trim().startsWith(label)) {
                Matcher m = Pattern.compile("rows out (\\d+)").matcher(lines.get(i + 1));
                assertThat(m.find()).as("counters under " + lines.get(i)).isTrue();
                return Long.parseLong(m.group(1));
            }
        }
        throw new AssertionError("no operator " + label + " in\n" + String.join("\n", lines));
    }
}
