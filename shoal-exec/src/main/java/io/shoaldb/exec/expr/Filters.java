package io.shoaldb.exec.expr;

import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.IntVector;
import java.util.List;

/** The structural filter kernels: AND narrows, OR unions, IS [NOT] NULL tests validity, anything else evaluates. */
final class Filters {
    private Filters() {
    }

    /** Each term filters what the previous ones kept, in place. */
    record AndFilter(List<FilterExpression> terms) implements FilterExpression {
        @Override
        public int filter(Batch batch, int[] rows, int count, int[] out) {
            int n = count;
            int[] in = rows;
            for (FilterExpression t : terms) {
                n = t.filter(batch, in, n, out);
                in = out;
                if (n == 0) {
                    break;
                }
            }
            return n;
        }
    }

    /** Rows passing any term: each term only looks at rows no earlier term accepted. */
    record OrFilter(List<FilterExpression> terms) implements FilterExpression {
        @Override
        public int filter(Batch batch, int[] rows, int count, int[] out) {
            boolean[] accepted = new boolean[batch.rowCount()];
            int[] remaining = java.util.Arrays.copyOf(rows, count);
            int remainingCount = count;
            int[] passed = new int[count];
            for (FilterExpression t : terms) {
                int p = t.filter(batch, remaining, remainingCount, passed);
                for (int i = 0; i < p; i++) {
                    accepted[passed[i]] = true;
                }
                int k = 0;
                for (int i = 0; i < remainingCount; i++) {
                    if (!accepted[remaining[i]]) {
                        remaining[k++] = remaining[i];
                    }
                }
                remainingCount = k;
                if (remainingCount == 0) {
                    break;
                }
            }
            int k = 0;
            for (int i = 0; i < count; i++) {
                int r = rows[i];
                if (accepted[r]) {
                    out[k++] = r;
                }
            }
            return k;
        }
    }

    record IsNullFilter(int column, boolean negated) implements FilterExpression {
        @Override
        public int filter(Batch batch, int[] rows, int count, int[] out) {
            ColumnVector v = batch.column(column);
            if (!v.mayHaveNulls()) {
                if (negated && rows != out) {
                    System.arraycopy(rows, 0, out, 0, count);
                }
                return negated ? count : 0;
            }
            int k = 0;
            for (int i = 0; i < count; i++) {
                int r = rows[i];
                if (v.isNull(r) != negated) {
                    out[k++] = r;
                }
            }
            return k;
        }
    }

    /** Never true (a comparison with a NULL constant). */
    record NoneFilter() implements FilterExpression {
        @Override
        public int filter(Batch batch, int[] rows, int count, int[] out) {
            return 0;
        }
    }

    /** The general case: evaluate the predicate as a BOOLEAN vector over the rows, keep the TRUE ones. */
    record EvaluatingFilter(VectorExpression predicate) implements FilterExpression {
        @Override
        public int filter(Batch batch, int[] rows, int count, int[] out) {
            if (count == 0) {
                return 0;
            }
            int[] positions = java.util.Arrays.copyOf(rows, count);
            Batch view = batch.withSelection(positions, count);
            FlatVector v = Flat.of(predicate.evaluate(view));
            int[] values = ((IntVector) v).values();
            int k = 0;
            for (int i = 0; i < count; i++) {
                if (values[i] != 0 && !v.isNull(i)) {
                    out[k++] = positions[i];
                }
            }
            return k;
        }
    }
}
