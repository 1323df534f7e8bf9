package io.shoaldb.exec.operator;

import io.shoaldb.exec.expr.Flat;
import io.shoaldb.sql.planner.physical.SortKey;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BytesVector;
import io.shoaldb.vector.DoubleVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.FloatVector;
import io.shoaldb.vector.Int128Vector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.LongVector;

/**
 * For a top-N whose buffer holds N rows already: the rows of a new batch that can still be among the best N,
 * those whose first sort key is not worse than that of the N-th best row kept. A row worse on the first key has N
 * better rows ahead of it whatever its other keys, so it is dropped before it is buffered, copied and sorted;
 * rows equal on the first key pass (the sort decides them by the other keys). Without it a top-5 over 1.5 million
 * rows sorted a 4,096-row buffer for every few batches of input.
 */
final class TopNCutoff {
    private interface Worse {
        /** Whether row {@code row} of {@code v} sorts after the boundary on the key's order. */
        boolean test(FlatVector v, int row);
    }

    private interface Compare {
        int compare(FlatVector v, int row);
    }

    private final int column;
    private final Class<? extends FlatVector> representation;
    private final Worse worse;

    private TopNCutoff(int column, Class<? extends FlatVector> representation, Worse worse) {
        this.column = column;
        this.representation = representation;
        this.worse = worse;
    }

    /** The cut-off at row {@code row} of {@code kept} (the N-th best so far) on {@code key}. */
    static TopNCutoff of(Batch kept, int row, SortKey key) {
        FlatVector boundary = Flat.of(kept.column(key.column()));
        int direction = key.ascending() ? 1 : -1;
        // Where a NULL sorts relative to any value: first (-1) or last (1).
        int nullOrder = key.nullsFirst() ? -1 : 1;
        if (boundary.isNull(row)) {
            // Only NULLs are not worse when NULLs sort first; everything is not worse when they sort last.
            return new TopNCutoff(key.column(), boundary.getClass(),
                    nullOrder < 0 ? (v, r) -> !v.isNull(r) : (v, r) -> false);
        }
        Compare values = switch (boundary) {
            case IntVector b -> {
                int x = b.getInt(row);
                yield (v, r) -> Integer.compare(((IntVector) v).getInt(r), x);
            }
            case LongVector b -> {
                long x = b.getLong(row);
                yield (v, r) -> Long.compare(((LongVector) v).getLong(r), x);
            }
            case DoubleVector b -> {
                double x = b.getDouble(row) + 0.0;
                yield (v, r) -> Double.compare(((DoubleVector) v).getDouble(r) + 0.0, x);
            }
            case FloatVector b -> {
                float x = b.getFloat(row) + 0.0f;
                yield (v, r) -> Float.compare(((FloatVector) v).getFloat(r) + 0.0f, x);
            }
            case Int128Vector b -> {
                long high = b.getHigh(row);
                long low = b.getLow(row);
                yield (v, r) -> {
                    Int128Vector y = (Int128Vector) v;
                    int c = Long.compare(y.getHigh(r), high);
                    return c != 0 ? c : Long.compareUnsigned(y.getLow(r), low);
                };
            }
            case BytesVector b -> (v, r) -> BytesVector.compare((BytesVector) v, r, b, row);
        };
        // A NULL row is worse than a value exactly when NULLs sort last.
        return new TopNCutoff(key.column(), boundary.getClass(),
                (v, r) -> v.isNull(r) ? nullOrder > 0 : direction * values.compare(v, r) > 0);
    }

    /** {@code batch} restricted to its rows that are not worse than the boundary (the batch itself if all are). */
    Batch filter(Batch batch) {
        FlatVector v = Flat.of(batch.column(column));
        if (v.getClass() != representation) {
            return batch;
        }
        int n = batch.positionCount();
        int[] keep = new int[n];
        int count = 0;
        for (int i = 0; i < n; i++) {
            int row = batch.row(i);
            if (!worse.test(v, row)) {
                keep[count++] = row;
            }
        }
        return count == n ? batch : batch.withSelection(keep, count);
    }
}
