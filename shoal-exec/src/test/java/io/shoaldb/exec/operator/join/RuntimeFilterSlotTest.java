package io.shoaldb.exec.operator.join;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.exec.expr.FilterExpression;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.LongVector;
import io.shoaldb.vector.Validity;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class RuntimeFilterSlotTest {
    private static RuntimeFilter publish(ColumnVector keys, DataType type) {
        RuntimeFilterSlot slot = new RuntimeFilterSlot(0, 3, 7, type);
        slot.publish(new Batch(keys.size(), new ColumnVector[] {keys}));
        return slot.filter();
    }

    private static ColumnVector vector(DataType type, Object... values) {
        VectorBuilder b = VectorBuilder.create(type, values.length);
        for (Object v : values) {
            b.appendObject(v);
        }
        return b.build();
    }

    @Test
    void fewDistinctKeysGiveTheirRangeAndInListNullsLeftOut() {
        RuntimeFilter f = publish(vector(DataType.decimal(15, 2), new BigDecimal("3.50"), null, new BigDecimal("-1.25"),
                new BigDecimal("3.50")), DataType.decimal(15, 2));
        assertThat(f.min()).isEqualTo(new BigDecimal("-1.25"));
        assertThat(f.max()).isEqualTo(new BigDecimal("3.50"));
        assertThat(f.values()).containsExactlyInAnyOrder(new BigDecimal("-1.25"), new BigDecimal("3.50"));
        assertThat(f.scanColumn()).isEqualTo(3);
        assertThat(f.tableColumn()).isEqualTo(7);
    }

    @Test
    void manyDistinctKeysGiveOnlyTheRange() {
        long[] keys = new long[5000];
        Arrays.setAll(keys, i -> 10L * i - 7);
        RuntimeFilter f = publish(new LongVector(DataType.BIGINT, keys.length, keys, null), DataType.BIGINT);
        assertThat(f.values()).isNull();
        assertThat(f.min()).isEqualTo(-7L);
        assertThat(f.max()).isEqualTo(49_983L);
        assertThat(f.zoneMap()).isInstanceOf(io.shoaldb.storage.segment.ZoneMapPredicate.Range.class);
    }

    @Test
    void exactlyTheLimitOfDistinctKeysIsStillAnInList() {
        int[] keys = new int[2 * RuntimeFilterSlot.MAX_VALUES];
        Arrays.setAll(keys, i -> i % RuntimeFilterSlot.MAX_VALUES);
        RuntimeFilter f = publish(new IntVector(DataType.DATE, keys.length, keys, null), DataType.DATE);
        assertThat(f.values()).hasSize(RuntimeFilterSlot.MAX_VALUES).contains(LocalDate.ofEpochDay(0),
                LocalDate.ofEpochDay(RuntimeFilterSlot.MAX_VALUES - 1));
    }

    @Test
    void stringKeysAndAllNullBuilds() {
        RuntimeFilter f = publish(vector(DataType.varchar(5), "b", "a", "b"), DataType.varchar(20));
        assertThat(List.of(f.min(), f.max())).containsExactly("a", "b");
        assertThat(f.values()).containsExactlyInAnyOrder("a", "b");
        long[] allNull = new long[Validity.wordsFor(3)];
        assertThat(publish(new LongVector(DataType.BIGINT, 3, new long[3], allNull), DataType.BIGINT)).isNull();
        assertThat(publish(vector(DataType.varchar(5), (Object) null), DataType.varchar(5))).isNull();
    }

    private static int[] kept(RuntimeFilter f, ColumnVector probe) {
        int[] rows = new int[probe.size()];
        Arrays.setAll(rows, i -> i);
        int n = f.compile().filter(new Batch(probe.size(), new ColumnVector[] {probe, probe, probe, probe}), rows,
                rows.length, rows);
        return Arrays.copyOf(rows, n);
    }

    @Test
    void theCompiledFilterKeepsExactlyTheRowsWhoseKeyIsABuildKey() {
        RuntimeFilter dates = publish(vector(DataType.DATE, LocalDate.of(2000, 1, 5), LocalDate.of(2000, 1, 9)),
                DataType.DATE);
        assertThat(kept(dates, vector(DataType.DATE, LocalDate.of(2000, 1, 5), null, LocalDate.of(2000, 1, 7),
                LocalDate.of(2000, 1, 9), LocalDate.of(1999, 1, 9)))).containsExactly(0, 3);
        RuntimeFilter money = publish(vector(DataType.decimal(15, 2), new BigDecimal("1.00"), new BigDecimal("2.50")),
                DataType.decimal(15, 2));
        assertThat(kept(money, vector(DataType.decimal(15, 2), new BigDecimal("2.50"), new BigDecimal("2.00"), null)))
                .containsExactly(0);
        long[] many = new long[3000];
        Arrays.setAll(many, i -> 2L * i);
        // more keys than an IN list holds: still exact (a bitmap over their range), not just the range
        RuntimeFilter range = publish(new LongVector(DataType.BIGINT, many.length, many, null), DataType.BIGINT);
        assertThat(range.values()).isNull();
        assertThat(kept(range, vector(DataType.BIGINT, -1L, 0L, 3L, 5998L, 5999L))).containsExactly(1, 3);
        // 32-bit keys without NULLs through the bitmap's own loop (dates are days)
        RuntimeFilter days = publish(new IntVector(DataType.DATE, 3, new int[] {10, 12, 40}, null), DataType.DATE);
        assertThat(kept(days, new IntVector(DataType.DATE, 6, new int[] {9, 10, 11, 12, 40, 41}, null)))
                .containsExactly(1, 3, 4);
        assertThat(kept(days, new IntVector(DataType.DATE, 2, new int[] {Integer.MIN_VALUE, Integer.MAX_VALUE}, null)))
                .isEmpty();
        // Keys spread too wide for a bitmap are looked up in a hash set; the extremes of 64 bits included.
        RuntimeFilter wide = publish(vector(DataType.BIGINT, Long.MIN_VALUE, 1L << 40, Long.MAX_VALUE), DataType.BIGINT);
        assertThat(kept(wide, vector(DataType.BIGINT, Long.MAX_VALUE, 0L, 1L << 40, (1L << 40) + 1, Long.MIN_VALUE)))
                .containsExactly(0, 2, 4);
        RuntimeFilter text = publish(vector(DataType.varchar(5), "a", "c"), DataType.varchar(5));
        assertThat(kept(text, vector(DataType.varchar(5), "b", "c", null, "a"))).containsExactly(1, 3);
    }

    private static int filterOnce(FilterExpression check, long... probe) {
        int[] rows = new int[probe.length];
        Arrays.setAll(rows, i -> i);
        ColumnVector keys = new LongVector(DataType.BIGINT, probe.length, probe, null);
        return check.filter(new Batch(probe.length, new ColumnVector[] {keys, keys, keys, keys}), rows, rows.length,
                rows);
    }

    @Test
    void aDriverStopsCheckingAFilterThatDropsAlmostNothingAndSamplesAgainLater() {
        long[] even = new long[10_000];
        Arrays.setAll(even, i -> 2L * i);
        RuntimeFilter f = publish(new LongVector(DataType.BIGINT, even.length, even, null), DataType.BIGINT);
        FilterExpression check = f.compile();
        long[] almostAll = new long[1024];
        Arrays.setAll(almostAll, i -> 2L * i + (i == 0 ? 1 : 0));
        long[] noneMatch = new long[1024];
        Arrays.setAll(noneMatch, i -> 2L * i + 1);
        // the first sample: one row in 1024 dropped, under the 5% a check must drop to stay on
        for (int seen = 0; seen < PassRateGate.SAMPLE_ROWS; seen += almostAll.length) {
            assertThat(filterOnce(check, almostAll)).isEqualTo(almostAll.length - 1);
        }
        // then rows pass unchecked (the join drops those that match no build key) ...
        int unchecked = 0;
        for (; unchecked < PassRateGate.SKIP_ROWS; unchecked += noneMatch.length) {
            assertThat(filterOnce(check, noneMatch)).isEqualTo(noneMatch.length);
        }
        // ... until the next sample, which finds a filter that drops rows and keeps checking
        for (int i = 0; i < 4 * PassRateGate.SAMPLE_ROWS; i += noneMatch.length) {
            assertThat(filterOnce(check, noneMatch)).isZero();
        }
    }

    @Test
    void aFilterThatDropsRowsIsCheckedOnEveryRow() {
        RuntimeFilter f = publish(new LongVector(DataType.BIGINT, 2, new long[] {3, 5}, null), DataType.BIGINT);
        FilterExpression check = f.compile();
        long[] probe = new long[20];
        Arrays.setAll(probe, i -> i % 10); // one row in 5 kept
        for (int i = 0; i < 2 * PassRateGate.SKIP_ROWS; i += probe.length) {
            assertThat(filterOnce(check, probe)).isEqualTo(4);
        }
    }
}
