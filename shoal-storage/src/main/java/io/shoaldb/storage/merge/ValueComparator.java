package io.shoaldb.storage.merge;

import io.shoaldb.vector.BytesVector;
import io.shoaldb.vector.DoubleVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.FloatVector;
import io.shoaldb.vector.Int128Vector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.LongVector;
import io.shoaldb.vector.PhysicalType;

/**
 * Orders two values of one column held in two (possibly different) flat vectors, nulls first - the same
 * order {@link io.shoaldb.vector.BatchSorter} sorts segments by, which the merge relies on.
 */
@FunctionalInterface
public interface ValueComparator {
    int compare(FlatVector a, int i, FlatVector b, int j);

    static ValueComparator of(PhysicalType type) {
        ValueComparator values = switch (type) {
            case INT32 -> (a, i, b, j) -> Integer.compare(((IntVector) a).getInt(i), ((IntVector) b).getInt(j));
            case INT64 -> (a, i, b, j) -> Long.compare(((LongVector) a).getLong(i), ((LongVector) b).getLong(j));
            case FLOAT32 -> (a, i, b, j) -> Float.compare(((FloatVector) a).getFloat(i), ((FloatVector) b).getFloat(j));
            case FLOAT64 -> (a, i, b, j) ->
                    Double.compare(((DoubleVector) a).getDouble(i), ((DoubleVector) b).getDouble(j));
            case INT128 -> (a, i, b, j) -> {
                Int128Vector x = (Int128Vector) a;
                Int128Vector y = (Int128Vector) b;
                int c = Long.compare(x.getHigh(i), y.getHigh(j));
                return c != 0 ? c : Long.compareUnsigned(x.getLow(i), y.getLow(j));
            };
            case BYTES -> (a, i, b, j) -> BytesVector.compare((BytesVector) a, i, (BytesVector) b, j);
        };
        return (a, i, b, j) -> {
            boolean an = a.isNull(i);
            boolean bn = b.isNull(j);
            if (an || bn) {
                return an == bn ? 0 : an ? -1 : 1;
            }
            return values.compare(a, i, b, j);
        };
    }
}
