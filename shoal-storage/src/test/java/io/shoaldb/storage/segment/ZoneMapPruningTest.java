package io.shoaldb.storage.segment;

import static io.shoaldb.storage.segment.ZoneMapPredicate.Op.GE;
import static io.shoaldb.storage.segment.ZoneMapPredicate.Op.GT;
import static io.shoaldb.storage.segment.ZoneMapPredicate.Op.LE;
import static io.shoaldb.storage.segment.ZoneMapPredicate.Op.LT;
import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.vector.type.DataType;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** 10 pages of 100 rows; key k = row number, so page p holds keys [100p, 100p+99]. */
class ZoneMapPruningTest {
    private static final List<DataType> TYPES = List.of(DataType.BIGINT, DataType.varchar(40),
            DataType.DOUBLE, DataType.decimal(10, 2), DataType.DATE, DataType.INT);
    @TempDir
    Path dir;
    private Path file;
    private final List<Object[]> rows = new ArrayList<>();

    @BeforeEach
    void write() {
        for (int i = 0; i < 1000; i++) {
            int page = i / 100;
            rows.add(new Object[] {(long) i, "name-" + page + "-" + "x".repeat(40) + i,
                (double) page - 4.5, BigDecimal.valueOf(i, 2), LocalDate.ofEpochDay(20_000 + page),
                page == 3 ? null : (long) page});
        }
        file = TestRows.write(dir.resolve("z.seg"), TYPES, rows, SegmentWriterOptions.DEFAULT.withMaxPageRows(100), 333);
    }

    private void check(ZoneMapPredicate predicate, int expectedPagesRead, Predicate<Object[]> rowFilter) {
        try (SegmentReader r = SegmentReader.open(TestRows.FILES, file)) {
            SegmentScanner scanner = r.scan(TestRows.allColumns(TYPES.size()), predicate);
            List<List<Object>> got = TestRows.drain(scanner);
            assertThat(scanner.pagesRead()).as("pages read for %s", predicate).isEqualTo(expectedPagesRead);
            assertThat(scanner.pagesSkipped()).isEqualTo(10 - expectedPagesRead);
            // Pruning is conservative: every matching row is still returned.
            List<List<Object>> matching = TestRows.project(rows.stream().filter(rowFilter).toList(),
                    TestRows.allColumns(TYPES.size()));
            assertThat(got).containsAll(matching);
        }
    }

    @Test
    void comparisonsOnIntegerKey() {
        check(ZoneMapPredicate.eq(0, 250L), 1, r -> (long) r[0] == 250);
        check(ZoneMapPredicate.compare(0, LT, 100L), 1, r -> (long) r[0] < 100);
        check(ZoneMapPredicate.compare(0, LE, 100L), 2, r -> (long) r[0] <= 100);
        check(ZoneMapPredicate.compare(0, GT, 899L), 1, r -> (long) r[0] > 899);
        check(ZoneMapPredicate.compare(0, GE, 899L), 2, r -> (long) r[0] >= 899);
        check(ZoneMapPredicate.between(0, 150L, 420L), 4, r -> (long) r[0] >= 150 && (long) r[0] <= 420);
        check(ZoneMapPredicate.eq(0, 5000L), 0, r -> false);
        check(ZoneMapPredicate.ALWAYS, 10, r -> true);
    }

    @Test
    void inListsSkipPagesHoldingNoneOfTheValues() {
        check(new ZoneMapPredicate.In(0, java.util.Arrays.asList(950L, 5L, null, 3000L)), 2,
                r -> (long) r[0] == 5 || (long) r[0] == 950);
        check(new ZoneMapPredicate.In(0, List.of(-1L, 1000L)), 0, r -> false);
        check(new ZoneMapPredicate.In(0, List.of()), 0, r -> false);
        check(new ZoneMapPredicate.In(4, List.of(LocalDate.ofEpochDay(20_002), LocalDate.ofEpochDay(20_007))), 2,
                r -> r[4].equals(LocalDate.ofEpochDay(20_002)) || r[4].equals(LocalDate.ofEpochDay(20_007)));
        check(new ZoneMapPredicate.In(3, List.of(new BigDecimal("7.77"), new BigDecimal("0.015"))), 10, r -> true);
    }

    @Test
    void stringsDoublesDecimalsAndDates() {
        check(ZoneMapPredicate.compare(1, GE, "name-8"), 2, r -> ((String) r[1]).compareTo("name-8") >= 0);
        check(ZoneMapPredicate.eq(1, rows.get(555)[1]), 1, r -> r[1].equals(rows.get(555)[1]));
        check(ZoneMapPredicate.compare(2, LT, -3.0), 2, r -> (double) r[2] < -3.0);
        check(ZoneMapPredicate.eq(3, new BigDecimal("7.77")), 1, r -> r[3].equals(new BigDecimal("7.77")));
        check(ZoneMapPredicate.eq(4, LocalDate.ofEpochDay(20_006)), 1, r -> r[4].equals(LocalDate.ofEpochDay(20_006)));
    }

    @Test
    void nullTestsAndBooleanCombinations() {
        check(new ZoneMapPredicate.IsNull(5), 1, r -> r[5] == null);
        check(new ZoneMapPredicate.IsNotNull(5), 9, r -> r[5] != null);
        check(ZoneMapPredicate.and(ZoneMapPredicate.compare(0, GE, 300L), new ZoneMapPredicate.IsNull(5)), 1,
                r -> (long) r[0] >= 300 && r[5] == null);
        check(ZoneMapPredicate.or(ZoneMapPredicate.eq(0, 5L), ZoneMapPredicate.eq(0, 995L)), 2,
                r -> (long) r[0] == 5 || (long) r[0] == 995);
    }

    @Test
    void constantsThatDoNotFitTheColumnNeverPrune() {
        // 7.775 has more fractional digits than DECIMAL(10,2): no exact key, so no page may be skipped.
        check(ZoneMapPredicate.eq(3, new BigDecimal("7.775")), 10, r -> false);
    }

    @Test
    void columnZoneMapCoversAllPages() {
        try (SegmentReader r = SegmentReader.open(TestRows.FILES, file)) {
            ZoneMap z = r.columnZoneMap(0);
            assertThat(z.rowCount()).isEqualTo(1000);
            assertThat(z.min()).isEqualTo(ZoneKeys.ofConstant(DataType.BIGINT, 0L));
            assertThat(z.max()).isEqualTo(ZoneKeys.ofConstant(DataType.BIGINT, 999L));
            assertThat(r.columnZoneMap(5).nullCount()).isEqualTo(100);
        }
    }

    @Test
    void keysOrderLikeValues() {
        assertThat(java.util.Arrays.compareUnsigned(ZoneKeys.ofConstant(DataType.DOUBLE, -0.0),
                ZoneKeys.ofConstant(DataType.DOUBLE, 0.0))).isZero();
        double[] ordered = {Double.NEGATIVE_INFINITY, -1e300, -1, -Double.MIN_VALUE, 0, Double.MIN_VALUE, 1, 1e300,
            Double.POSITIVE_INFINITY, Double.NaN};
        for (int i = 1; i < ordered.length; i++) {
            assertThat(java.util.Arrays.compareUnsigned(ZoneKeys.ofConstant(DataType.DOUBLE, ordered[i - 1]),
                    ZoneKeys.ofConstant(DataType.DOUBLE, ordered[i]))).isNegative();
        }
        byte[] longValue = "z".repeat(40).getBytes(java.nio.charset.StandardCharsets.UTF_8);
        assertThat(java.util.Arrays.compareUnsigned(ZoneKeys.upperBound(longValue), longValue)).isPositive();
        assertThat(java.util.Arrays.compareUnsigned(ZoneKeys.lowerBound(longValue), longValue)).isNegative();
    }
}
