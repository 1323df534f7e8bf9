package io.shoaldb.exec.expr;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.sql.planner.physical.expr.ColumnRef;
import io.shoaldb.sql.planner.physical.expr.Comparison;
import io.shoaldb.sql.planner.physical.expr.Literal;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.type.DataType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code column op constant} on INT and BIGINT columns, every operator, through a selection and in place: the rows
 * whose value compares TRUE, NULLs never, the same as comparing each value by hand.
 */
class ColumnConstantFilterTest {
    private static final Integer[] VALUES = {5, -3, null, 7, 5, Integer.MIN_VALUE, Integer.MAX_VALUE, 6, null, 4};

    @Test
    void everyOperatorKeepsTheRowsThatCompareTrue() {
        List<DataType> types = List.of(DataType.INT, DataType.BIGINT);
        BatchBuilder b = new BatchBuilder(types, VALUES.length);
        for (Integer v : VALUES) {
            b.appendRow(v, v == null ? null : v * 1_000_000_000L);
        }
        Batch batch = b.build();
        int[] selected = {0, 1, 2, 3, 4, 5, 6, 8, 9}; // row 7 (6) is not selected
        for (Comparison.Op op : Comparison.Op.values()) {
            for (int column = 0; column < 2; column++) {
                long scale = column == 0 ? 1 : 1_000_000_000L;
                Object constant = column == 0 ? (Object) 5 : (Object) (5 * scale);
                FilterExpression filter = ExpressionCompiler.compileFilter(new Comparison(op,
                        new ColumnRef(column, types.get(column)), new Literal(constant, types.get(column))));
                assertThat(filter).isInstanceOf(ColumnConstantFilter.class);
                int[] rows = selected.clone();
                int n = filter.filter(batch, rows, rows.length, rows);
                List<Integer> expected = new ArrayList<>();
                for (int r : selected) {
                    if (VALUES[r] != null && holds(op, Long.compare(VALUES[r] * scale, 5 * scale))) {
                        expected.add(r);
                    }
                }
                assertThat(java.util.Arrays.stream(rows, 0, n).boxed().toList()).as("%s on column %d", op, column)
                        .isEqualTo(expected);
            }
        }
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
