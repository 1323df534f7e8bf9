package io.shoaldb.exec;

import static io.shoaldb.exec.TestDatabase.agg;
import static io.shoaldb.exec.TestDatabase.col;
import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.catalog.model.AggregationType;
import io.shoaldb.catalog.model.KeysType;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.type.DataType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * UNIQUE and AGGREGATE tables loaded in several overlapping transactions: queries see the merged rows
 * (newest wins / values combined), computed independently here.
 */
class MergedTablesTest {
    @TempDir
    Path dir;

    @Test
    void uniqueKeysShowTheNewestRow() {
        try (TestDatabase db = new TestDatabase(dir, 2, 2)) {
            db.create("u", KeysType.UNIQUE, List.of("k"), List.of(col("k", DataType.BIGINT, false),
                    col("v", DataType.BIGINT, true), col("s", DataType.varchar(20), true)), 4);
            Map<Long, Object[]> expected = new TreeMap<>();
            Random r = new Random(7);
            List<DataType> types = List.of(DataType.BIGINT, DataType.BIGINT, DataType.varchar(20));
            for (int load = 0; load < 4; load++) {
                BatchBuilder b = new BatchBuilder(types);
                for (int i = 0; i < 3000; i++) {
                    long k = r.nextInt(5000);
                    Object[] row = {k, r.nextInt(10) == 0 ? null : (long) r.nextInt(1000), "load" + load + "-" + i};
                    b.appendRow(row);
                    expected.put(k, row); // later rows of one load also win
                }
                db.load("u", b.build());
            }
            List<List<Object>> rows = db.query("SELECT k, v, s FROM u ORDER BY k");
            assertThat(rows).hasSize(expected.size());
            int i = 0;
            for (Object[] e : expected.values()) {
                assertThat(rows.get(i++)).containsExactly(e);
            }
            long sum = expected.values().stream().filter(e -> e[1] != null).mapToLong(e -> (Long) e[1]).sum();
            assertThat(db.query("SELECT count(*), sum(v) FROM u")).containsExactly(List.of((long) expected.size(), sum));
            // A value predicate is applied after the merge: an older version matching it must not reappear.
            long over = expected.values().stream().filter(e -> e[1] != null && (Long) e[1] > 900).count();
            assertThat(db.query("SELECT count(*) FROM u WHERE v > 900")).containsExactly(List.of(over));
        }
    }

    @Test
    void aggregateKeysCombineValues() {
        try (TestDatabase db = new TestDatabase(dir, 2, 2)) {
            db.create("a", KeysType.AGGREGATE, List.of("k", "g"), List.of(col("k", DataType.INT, false),
                    col("g", DataType.varchar(5), false), agg("total", DataType.BIGINT, AggregationType.SUM),
                    agg("hi", DataType.INT, AggregationType.MAX), agg("lo", DataType.decimal(10, 2), AggregationType.MIN),
                    agg("last", DataType.varchar(10), AggregationType.REPLACE)), 3);
            Map<String, Object[]> expected = new TreeMap<>();
            Random r = new Random(11);
            List<DataType> types = List.of(DataType.INT, DataType.varchar(5), DataType.BIGINT, DataType.INT,
                    DataType.decimal(10, 2), DataType.varchar(10));
            for (int load = 0; load < 3; load++) {
                BatchBuilder b = new BatchBuilder(types);
                for (int i = 0; i < 2000; i++) {
                    long k = r.nextInt(300);
                    String g = "g" + r.nextInt(3);
                    long v = r.nextInt(100);
                    long h = r.nextInt(1000);
                    java.math.BigDecimal lo = java.math.BigDecimal.valueOf(r.nextInt(100_000), 2);
                    String last = "l" + load + "_" + i;
                    b.appendRow(k, g, v, h, lo, last);
                    expected.merge(String.format("%05d|%s", k, g), new Object[] {k, g, v, h, lo, last}, (o, n) -> new Object[] {
                        k, g, (Long) o[2] + v, Math.max((Long) o[3], h),
                        ((java.math.BigDecimal) o[4]).min(lo), last});
                }
                db.load("a", b.build());
            }
            List<List<Object>> rows = db.query("SELECT k, g, total, hi, lo, last FROM a ORDER BY k, g");
            List<List<Object>> want = new ArrayList<>();
            expected.values().forEach(e -> want.add(List.of(e)));
            assertThat(rows).isEqualTo(want);
            assertThat(db.query("SELECT g, sum(total), max(hi) FROM a GROUP BY g ORDER BY g")).hasSize(3);
        }
    }
}
