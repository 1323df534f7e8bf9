package io.shoaldb.exec.operator.window;

import io.shoaldb.vector.DoubleVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.FloatVector;
import io.shoaldb.vector.Int128Vector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.LongVector;
import io.shoaldb.vector.Validity;
import io.shoaldb.vector.type.DataType;
import io.shoaldb.vector.type.TypeId;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * COUNT, SUM and AVG over each row's frame. Exact sums (integers, DECIMAL, LARGEINT) use prefix sums over the
 * sorted positions: a frame's sum is {@code prefix[end] - prefix[start]}, exact even where the prefix wraps
 * (two's complement), so any frame costs O(1). Floating-point sums are added in row order, as a sequential
 * aggregate would: a running frame (UNBOUNDED PRECEDING) keeps one growing sum, other frames are summed row by
 * row (prefix differences would round differently).
 */
final class FrameAggregates {
    private final SortedPartitions p;
    private final FrameBounds frames;
    private final boolean running;

    FrameAggregates(SortedPartitions p, FrameBounds frames, boolean running) {
        this.p = p;
        this.frames = frames;
        this.running = running;
    }

    static FlatVector countStar(SortedPartitions p, FrameBounds frames) {
        long[] out = new long[p.size];
        for (int k = 0; k < p.size; k++) {
            out[k] = frames.end()[k] - frames.start()[k];
        }
        return new LongVector(DataType.BIGINT, p.size, out, null);
    }

    FlatVector count(FlatVector values) {
        long[] counts = nonNullPrefix(values);
        long[] out = new long[p.size];
        for (int k = 0; k < p.size; k++) {
            out[k] = counts[frames.end()[k]] - counts[frames.start()[k]];
        }
        return new LongVector(DataType.BIGINT, p.size, out, null);
    }

    /** SUM of type {@code type} (BIGINT, LARGEINT / DECIMAL(38,s) or DOUBLE); NULL over no values unless {@code zeroWhenEmpty}. */
    FlatVector sum(FlatVector values, DataType type, boolean zeroWhenEmpty) {
        long[] counts = nonNullPrefix(values);
        long[] validity = null;
        for (int k = 0; k < p.size; k++) {
            if (!zeroWhenEmpty && counts[frames.end()[k]] == counts[frames.start()[k]]) {
                if (validity == null) {
                    validity = Validity.allValid(p.size, p.size);
                }
                Validity.setNull(validity, k);
            }
        }
        return switch (type.id()) {
            case BIGINT -> {
                long[] prefix = longPrefix(values);
                long[] out = new long[p.size];
                for (int k = 0; k < p.size; k++) {
                    out[k] = prefix[frames.end()[k]] - prefix[frames.start()[k]];
                }
                yield new LongVector(type, p.size, out, validity);
            }
            case DOUBLE -> new DoubleVector(type, p.size, doubleSums(values), validity);
            default -> {
                long[][] prefix = int128Prefix(values);
                long[] high = new long[p.size];
                long[] low = new long[p.size];
                for (int k = 0; k < p.size; k++) {
                    int s = frames.start()[k];
                    int e = frames.end()[k];
                    low[k] = prefix[1][e] - prefix[1][s];
                    high[k] = prefix[0][e] - prefix[0][s] - (Long.compareUnsigned(prefix[1][e], prefix[1][s]) < 0 ? 1 : 0);
                }
                yield new Int128Vector(type, p.size, high, low, validity);
            }
        };
    }

    /** AVG: DOUBLE, or DECIMAL(38, max(s,4)) rounded half up for a DECIMAL argument; NULL over no values. */
    FlatVector avg(FlatVector values, DataType argType, DataType type) {
        long[] counts = nonNullPrefix(values);
        long[] validity = null;
        long[] n = new long[p.size];
        for (int k = 0; k < p.size; k++) {
            n[k] = counts[frames.end()[k]] - counts[frames.start()[k]];
            if (n[k] == 0) {
                if (validity == null) {
                    validity = Validity.allValid(p.size, p.size);
                }
                Validity.setNull(validity, k);
            }
        }
        if (type.id() == TypeId.DECIMAL) {
            Int128Vector sums = (Int128Vector) sum(values, DataType.decimal(38, argType.scale()), true);
            long[] high = new long[p.size];
            long[] low = new long[p.size];
            for (int k = 0; k < p.size; k++) {
                if (n[k] == 0) {
                    continue;
                }
                BigInteger sum = BigInteger.valueOf(sums.getHigh(k)).shiftLeft(64)
                        .or(new BigInteger(Long.toUnsignedString(sums.getLow(k))));
                BigInteger avg = new BigDecimal(sum, argType.scale())
                        .divide(BigDecimal.valueOf(n[k]), type.scale(), RoundingMode.HALF_UP).unscaledValue();
                high[k] = avg.shiftRight(64).longValue();
                low[k] = avg.longValue();
            }
            return new Int128Vector(type, p.size, high, low, validity);
        }
        double[] out = new double[p.size];
        if (values instanceof DoubleVector || values instanceof FloatVector) {
            double[] sums = doubleSums(values);
            for (int k = 0; k < p.size; k++) {
                out[k] = n[k] == 0 ? 0 : sums[k] / n[k];
            }
        } else if (values instanceof Int128Vector) {
            Int128Vector sums = (Int128Vector) sum(values, DataType.LARGEINT, true);
            for (int k = 0; k < p.size; k++) {
                out[k] = n[k] == 0 ? 0 : ((BigInteger) io.shoaldb.vector.JavaValues.fromInt128(DataType.LARGEINT,
                        sums.getHigh(k), sums.getLow(k))).doubleValue() / n[k];
            }
        } else {
            long[] prefix = longPrefix(values);
            for (int k = 0; k < p.size; k++) {
                out[k] = n[k] == 0 ? 0 : (double) (prefix[frames.end()[k]] - prefix[frames.start()[k]]) / n[k];
            }
        }
        return new DoubleVector(DataType.DOUBLE, p.size, out, validity);
    }

    /** Non-NULL values before each sorted position (n + 1 entries). */
    private long[] nonNullPrefix(FlatVector values) {
        long[] prefix = new long[p.size + 1];
        for (int k = 0; k < p.size; k++) {
            prefix[k + 1] = prefix[k] + (values.isNull(p.order[k]) ? 0 : 1);
        }
        return prefix;
    }

    private long[] longPrefix(FlatVector values) {
        long[] prefix = new long[p.size + 1];
        for (int k = 0; k < p.size; k++) {
            int row = p.order[k];
            long v = values.isNull(row) ? 0 : switch (values) {
                case IntVector x -> x.getInt(row);
                case LongVector x -> x.getLong(row);
                default -> throw new IllegalStateException("an exact sum of " + values.type());
            };
            prefix[k + 1] = prefix[k] + v;
        }
        return prefix;
    }

    /** 128-bit prefix sums as {high[], low[]}, of 64-bit or 128-bit values. */
    private long[][] int128Prefix(FlatVector values) {
        long[] high = new long[p.size + 1];
        long[] low = new long[p.size + 1];
        for (int k = 0; k < p.size; k++) {
            int row = p.order[k];
            long vh = 0;
            long vl = 0;
            if (!values.isNull(row)) {
                switch (values) {
                    case Int128Vector x -> {
                        vh = x.getHigh(row);
                        vl = x.getLow(row);
                    }
                    case LongVector x -> {
                        vl = x.getLong(row);
                        vh = vl >> 63;
                    }
                    case IntVector x -> {
                        vl = x.getInt(row);
                        vh = vl >> 63;
                    }
                    default -> throw new IllegalStateException("an exact sum of " + values.type());
                }
            }
            low[k + 1] = low[k] + vl;
            high[k + 1] = high[k] + vh + (Long.compareUnsigned(low[k + 1], low[k]) < 0 ? 1 : 0);
        }
        return new long[][] {high, low};
    }

    private double[] doubleSums(FlatVector values) {
        double[] out = new double[p.size];
        double runningSum = 0;
        int runningEnd = 0;
        for (int k = 0; k < p.size; k++) {
            if (running) {
                if (k == p.partitionStart[k]) {
                    runningSum = 0;
                    runningEnd = k;
                }
                for (; runningEnd < frames.end()[k]; runningEnd++) {
                    runningSum += value(values, p.order[runningEnd]);
                }
                out[k] = runningSum;
            } else {
                double sum = 0;
                for (int j = frames.start()[k]; j < frames.end()[k]; j++) {
                    sum += value(values, p.order[j]);
                }
                out[k] = sum;
            }
        }
        return out;
    }

    private static double value(FlatVector values, int row) {
        if (values.isNull(row)) {
            return 0;
        }
        return switch (values) {
            case DoubleVector x -> x.getDouble(row);
            case FloatVector x -> x.getFloat(row);
            case IntVector x -> x.getInt(row);
            case LongVector x -> x.getLong(row);
            default -> throw new IllegalStateException("a floating-point sum of " + values.type());
        };
    }
}
