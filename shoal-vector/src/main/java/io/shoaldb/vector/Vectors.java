package io.shoaldb.vector;

import java.util.function.IntPredicate;

/** Small whole-vector operations that do not belong to one vector class. */
public final class Vectors {
    private Vectors() {
    }

    /** The same values with a different validity bitmap (null = no nulls). Shares the value arrays. */
    public static FlatVector withValidity(FlatVector v, long[] validity) {
        return switch (v) {
            case IntVector x -> new IntVector(x.type(), x.size(), x.values(), validity);
            case LongVector x -> new LongVector(x.type(), x.size(), x.values(), validity);
            case FloatVector x -> new FloatVector(x.type(), x.size(), x.values(), validity);
            case DoubleVector x -> new DoubleVector(x.type(), x.size(), x.values(), validity);
            case Int128Vector x -> new Int128Vector(x.type(), x.size(), x.highs(), x.lows(), validity);
            case BytesVector x -> new BytesVector(x.type(), x.size(), x.data(), x.offsets(), validity);
        };
    }

    /** {@code v} with rows for which {@code extraNull} holds also null. */
    static FlatVector withNulls(FlatVector v, IntPredicate extraNull) {
        long[] validity = null;
        for (int i = 0; i < v.size(); i++) {
            if (v.isNull(i) || extraNull.test(i)) {
                if (validity == null) {
                    validity = Validity.allValid(v.size(), v.size());
                }
                Validity.setNull(validity, i);
            }
        }
        return withValidity(v, validity);
    }
}
