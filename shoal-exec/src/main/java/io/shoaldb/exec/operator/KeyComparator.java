package io.shoaldb.exec.operator;

import io.shoaldb.sql.planner.physical.SortKey;
import io.shoaldb.vector.BytesVector;
import io.shoaldb.vector.DoubleVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.FloatVector;
import io.shoaldb.vector.Int128Vector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.LongVector;
import java.util.List;

/**
 * Compares rows of two (possibly different) batches by sort keys, given their key columns as flat vectors
 * of the same types: for the merge of sorted runs, whose rows sit in different batches, and for finding
 * partition and peer boundaries of window functions. Each key applies its direction and NULL placement;
 * {@link #equal} treats two NULLs as equal (the same partition or peer group).
 */
public final class KeyComparator {
    private final boolean[] ascending;
    private final boolean[] nullsFirst;

    public KeyComparator(List<SortKey> keys) {
        ascending = new boolean[keys.size()];
        nullsFirst = new boolean[keys.size()];
        for (int k = 0; k < ascending.length; k++) {
            ascending[k] = keys.get(k).ascending();
            nullsFirst[k] = keys.get(k).nullsFirst();
        }
    }

    /** The columns of {@code keys} in {@code columns}, flattened, in key order. */
    public static FlatVector[] keyColumns(io.shoaldb.vector.Batch batch, List<SortKey> keys) {
        FlatVector[] out = new FlatVector[keys.size()];
        for (int k = 0; k < out.length; k++) {
            out[k] = io.shoaldb.exec.expr.Flat.of(batch.column(keys.get(k).column()));
        }
        return out;
    }

    /** Negative, zero or positive as row {@code a} of {@code left} sorts before, with, or after row {@code b} of {@code right}. */
    public int compare(FlatVector[] left, int a, FlatVector[] right, int b) {
        for (int k = 0; k < ascending.length; k++) {
            FlatVector l = left[k];
            FlatVector r = right[k];
            boolean na = l.isNull(a);
            boolean nb = r.isNull(b);
            if (na || nb) {
                if (na != nb) {
                    return na == nullsFirst[k] ? -1 : 1;
                }
                continue;
            }
            int c = compareValues(l, a, r, b);
            if (c != 0) {
                return ascending[k] ? c : -c;
            }
        }
        return 0;
    }

    /** Whether the two rows have equal keys (NULL equals NULL). */
    public boolean equal(FlatVector[] left, int a, FlatVector[] right, int b) {
        return compare(left, a, right, b) == 0;
    }

    public static int compareValues(FlatVector l, int a, FlatVector r, int b) {
        return switch (l) {
            case IntVector x -> Integer.compare(x.getInt(a), ((IntVector) r).getInt(b));
            case LongVector x -> Long.compare(x.getLong(a), ((LongVector) r).getLong(b));
            case DoubleVector x -> Double.compare(x.getDouble(a) + 0.0, ((DoubleVector) r).getDouble(b) + 0.0);
            case FloatVector x -> Float.compare(x.getFloat(a) + 0.0f, ((FloatVector) r).getFloat(b) + 0.0f);
            case Int128Vector x -> {
                Int128Vector y = (Int128Vector) r;
                int c = Long.compare(x.getHigh(a), y.getHigh(b));
                yield c != 0 ? c : Long.compareUnsigned(x.getLow(a), y.getLow(b));
            }
            case BytesVector x -> BytesVector.compare(x, a, (BytesVector) r, b);
        };
    }
}
