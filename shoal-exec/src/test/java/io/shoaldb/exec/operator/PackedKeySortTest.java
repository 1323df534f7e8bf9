package io.shoaldb.exec.operator;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.sql.planner.physical.SortKey;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.type.DataType;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The packed-key sort must give exactly the order of the comparator sort it replaces - stable, every direction and
 * NULL placement, floating values in {@code Double.compare} order (-0.0 with 0.0, NaN last) - whether all keys pack,
 * only the first, or none (then it declines and the comparator sorts).
 */
class PackedKeySortTest {
    private static final List<DataType> TYPES = List.of(DataType.INT, DataType.BIGINT, DataType.DOUBLE,
            DataType.decimal(15, 2), DataType.DATE, DataType.varchar(10), DataType.FLOAT, DataType.decimal(30, 2),
            DataType.decimal(38, 0));
    private static final double[] SPECIAL = {0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, -1.5, 1.5, Double.MAX_VALUE, -Double.MAX_VALUE, Double.MIN_VALUE};

    @Test
    void everyTypeDirectionAndNullPlacementSortsAsTheComparatorDoes() {
        Batch batch = generate(5_000, 50, 11);
        for (int column : new int[] {0, 1, 2, 3, 4, 6, 7}) {
            for (boolean ascending : new boolean[] {true, false}) {
                for (boolean nullsFirst : new boolean[] {true, false}) {
                    check(batch, List.of(new SortKey(column, ascending, nullsFirst)));
                    check(batch, List.of(new SortKey(column, ascending, nullsFirst), new SortKey(5, true, true)));
                    check(batch, List.of(new SortKey(column, ascending, nullsFirst), new SortKey(0, false, false),
                            new SortKey(1, true, nullsFirst)));
                }
            }
        }
    }

    @Test
    void keysWhoseRangeNeedsAll64BitsOrStringsFallBackToTheComparator() {
        Batch batch = generate(3_000, 20, 5);
        List<SortKey> wideFirst = List.of(new SortKey(1, true, true), new SortKey(0, true, true));
        assertThat(PackedKeySort.sortedRows(batch, List.of(new SortKey(5, true, true)), 3_000,
                new RowComparator(batch, List.of(new SortKey(5, true, true))))).isNull();
        assertThat(PackedKeySort.sortedRows(batch, List.of(new SortKey(8, true, true)), 3_000,
                new RowComparator(batch, List.of(new SortKey(8, true, true))))).isNull();
        check(batch, List.of(new SortKey(8, false, true), new SortKey(7, true, false)));
        check(batch, List.of(new SortKey(5, false, false), new SortKey(0, true, true)));
        check(batch, wideFirst);
    }

    @Test
    void fewDistinctValuesKeepTheirInputOrder() {
        Batch batch = generate(4_000, 3, 2);
        check(batch, List.of(new SortKey(0, true, true)));
        check(batch, List.of(new SortKey(4, false, false), new SortKey(3, true, false)));
    }

    private static void check(Batch batch, List<SortKey> keys) {
        RowComparator comparator = new RowComparator(batch, keys);
        int[] expected = comparator.comparatorSortedRows(batch.rowCount());
        assertThat(comparator.sortedRows(batch.rowCount())).as("keys %s", keys).containsExactly(expected);
    }

    /**
     * Rows with about {@code distinct} values per column, 1 in {@code nullEvery} NULL; BIGINT spans all 64 bits, the
     * DECIMAL(30,2) fits a long, the DECIMAL(38,0) does not.
     */
    private static Batch generate(int rows, int distinct, int nullEvery) {
        Random random = new Random(rows * 31L + distinct);
        BatchBuilder b = new BatchBuilder(TYPES, rows);
        for (int i = 0; i < rows; i++) {
            List<Object> row = new ArrayList<>();
            int v = random.nextInt(distinct) - distinct / 2;
            row.add(v);
            row.add(i % 2 == 0 ? Long.MIN_VALUE + random.nextInt(distinct) : Long.MAX_VALUE - random.nextInt(distinct));
            row.add(random.nextInt(4) == 0 ? SPECIAL[random.nextInt(SPECIAL.length)] : v / 3.0);
            row.add(BigDecimal.valueOf(v * 137L, 2));
            row.add(LocalDate.of(1998, 1, 1).plusDays(v));
            row.add("s" + Math.abs(v));
            row.add((float) (random.nextInt(5) == 0 ? SPECIAL[random.nextInt(SPECIAL.length)] : v / 7.0));
            row.add(BigDecimal.valueOf(v, 2));
            row.add(BigDecimal.valueOf(v).multiply(BigDecimal.TEN.pow(20))); // beyond a long but for 0
            for (int c = 0; c < row.size(); c++) {
                if (random.nextInt(nullEvery * row.size()) == 0) {
                    row.set(c, null);
                }
            }
            b.appendRow(row.toArray());
        }
        return b.build();
    }
}
