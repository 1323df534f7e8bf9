package io.shoaldb.exec.expr;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.sql.planner.physical.expr.ColumnRef;
import io.shoaldb.sql.planner.physical.expr.Comparison;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.type.DataType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code column op column} on DATE, BIGINT and VARCHAR columns, every operator, through a selection and in place:
 * the rows where both are non-NULL and the comparison holds (VARCHAR through the general filter).
 */
class ColumnColumnFilterTest {
    private static final Integer[] LEFT = {5, -3, null, 7, 5, Integer.MIN_VALUE, Integer.MAX_VALUE, 6, 2, 4};
    private static final Integer[] RIGHT = {5, 3, 1, null, 4, 0, Integer.MAX_VALUE, 6, 9, 4};
    private static final int[] SELECTED = {0, 1, 2, 3, 4, 5, 6, 8, 9}; // row 7 is not selected

    @Test
    void everyOperatorKeepsTheRowsThatCompareTrue() {
        List<DataType> types = List.of(DataType.DATE, DataType.DATE, DataType.BIGINT, DataType.BIGINT,
                DataType.varchar(12), DataType.varchar(12));
        BatchBuilder b = new BatchBuilder(types, LEFT.length);
        for (int i = 0; i < LEFT.length; i++) {
            Integer l = LEFT[i];
            Integer r = RIGHT[i];
            b.appendRow(l == null ? null : java.time.LocalDate.ofEpochDay(l),
                    r == null ? null : java.time.LocalDate.ofEpochDay(r),
                    l == null ? null : l * 1_000_000_000L, r == null ? null : r * 1_000_000_000L,
                    l == null ? null : text(l), r == null ? null : text(r));
        }
        Batch batch = b.build();
        for (Comparison.Op op : Comparison.Op.values()) {
            for (int pair = 0; pair < 3; pair++) {
                DataType type = types.get(2 * pair);
                FilterExpression filter = ExpressionCompiler.compileFilter(new Comparison(op,
                        new ColumnRef(2 * pair, type), new ColumnRef(2 * pair + 1, type)));
                assertThat(filter).isInstanceOf(ColumnColumnFilter.class);
                int[] rows = SELECTED.clone();
                int n = filter.filter(batch, rows, rows.length, rows);
                List<Integer> expected = new ArrayList<>();
                for (int r : SELECTED) {
                    if (LEFT[r] != null && RIGHT[r] != null && holds(op, pair == 2
                            ? text(LEFT[r]).compareTo(text(RIGHT[r])) : Integer.compare(LEFT[r], RIGHT[r]))) {
                        expected.add(r);
                    }
                }
                assertThat(Arrays.stream(rows, 0, n).boxed().toList()).as("%s on pair %d", op, pair)
                        .isEqualTo(expected);
            }
        }
    }

    /** Text that sorts as the number does. */
    private static String text(int v) {
        return String.format("%011d", (long) v - Integer.MIN_VALUE);
    }

    private static boolean holds(Comparison.Op op, int c) {
        return switch (op) {
            case EQ -> c == 0;
            case NE -> c != 0;
            case LT -> c < 0;
            case LE -> c <= 0;
            case GT -> c > 0;
            case GE -> c >= 0;
        };
    }
}
