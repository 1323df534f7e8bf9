package io.shoaldb.exec.operator.join;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.exec.expr.FilterExpression;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.type.DataType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;

class MostSelectiveFirstTest {
    /** A filter on the row's key that counts the rows it was asked about. */
    private static final class Counting implements FilterExpression {
        private final IntPredicate keep;
        long checked;

        Counting(IntPredicate keep) {
            this.keep = keep;
        }

        @Override
        public int filter(Batch batch, int[] rows, int count, int[] out) {
            int[] keys = ((IntVector) batch.column(0)).values();
            checked += count;
            int n = 0;
            for (int k = 0; k < count; k++) {
                if (keep.test(keys[rows[k]])) {
                    out[n++] = rows[k];
                }
            }
            return n;
        }
    }

    private static Batch keys(int from, int n) {
        int[] v = new int[n];
        Arrays.setAll(v, i -> from + i);
        return new Batch(n, new ColumnVector[] {new IntVector(DataType.INT, n, v, null)});
    }

    private static List<Integer> run(FilterExpression f, Batch b) {
        int[] rows = new int[b.rowCount()];
        Arrays.setAll(rows, i -> i);
        int n = f.filter(b, rows, rows.length, rows);
        List<Integer> kept = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            kept.add(rows[k]);
        }
        return kept;
    }

    @Test
    void theFilterThatKeepsFewerRowsMovesFirstAndTheRowsKeptStayTheConjunction() {
        Counting half = new Counting(k -> k % 2 == 0);
        Counting rare = new Counting(k -> k % 100 == 0);
        MostSelectiveFirst both = new MostSelectiveFirst(List.of(half, rare));
        for (int i = 0; i < MostSelectiveFirst.REORDER_EVERY; i++) {
            assertThat(run(both, keys(1000 * i, 1000))).hasSize(10).allMatch(r -> r % 100 == 0);
        }
        assertThat(both.order()).containsExactly(rare, half);
        long halfBefore = half.checked;
        assertThat(run(both, keys(0, 1000))).hasSize(10).allMatch(r -> r % 100 == 0);
        assertThat(half.checked - halfBefore).isEqualTo(10); // only the rows the rare filter kept
    }

    @Test
    void aFilterNeverReachedBecauseAnEarlierOneDroppedEverythingStaysBehindIt() {
        Counting none = new Counting(k -> false);
        Counting all = new Counting(k -> true);
        MostSelectiveFirst both = new MostSelectiveFirst(List.of(none, all));
        for (int i = 0; i < 2 * MostSelectiveFirst.REORDER_EVERY; i++) {
            assertThat(run(both, keys(0, 100))).isEmpty();
        }
        assertThat(both.order()).containsExactly(none, all);
        assertThat(all.checked).isZero();
    }
}
