package io.shoaldb.exec.operator.window;

import io.shoaldb.exec.operator.KeyComparator;
import io.shoaldb.sql.planner.physical.WindowFunction;
import io.shoaldb.vector.DoubleVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.FloatVector;
import io.shoaldb.vector.Int128Vector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.JavaValues;
import io.shoaldb.vector.LongVector;
import io.shoaldb.vector.Validity;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;
import io.shoaldb.vector.type.TypeId;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * COUNT(*), COUNT, SUM, AVG, MIN or MAX over the rows of a partition added one by one in window order: the state of a
 * frame that starts at the partition's first row, for a streamed partition. It computes what {@link FrameAggregates}
 * and {@link RowValues#extreme} compute over such a frame, with the same arithmetic in the same order - wrapping
 * 64-bit and 128-bit integer sums, floating-point sums added row after row from the partition's start, AVG of a
 * DECIMAL rounded half up - so a streamed partition gets exactly the values it would get in memory. Results are
 * written with {@link #emit} into a column started by {@link #start}.
 */
final class RunningAggregate {
    private final WindowFunction.Kind kind;
    private final DataType type;
    private final DataType argType;
    /** Rows added (COUNT(*)). */
    private long rows;
    /** Non-NULL values added. */
    private long count;
    private long longSum;
    private long high;
    private long low;
    private double doubleSum;
    /** MIN / MAX: the extreme value so far as a one-row vector, null before the first non-NULL value. */
    private FlatVector extreme;

    private int size;
    private long[] longs;
    private long[] highs;
    private double[] doubles;
    private long[] validity;
    private VectorBuilder values;

    RunningAggregate(WindowFunction f, DataType argType) {
        this.kind = f.kind();
        this.type = f.type();
        this.argType = argType;
    }

    /** Adds the row {@code row} of {@code values} (the argument column; ignored by COUNT(*)). */
    void add(FlatVector values, int row) {
        rows++;
        if (kind == WindowFunction.Kind.COUNT_STAR || values.isNull(row)) {
            return;
        }
        count++;
        switch (kind) {
            case SUM, SUM0, AVG -> addToSum(values, row);
            case MIN, MAX -> {
                if (extreme == null) {
                    extreme = values.copyPositions(new int[] {row}, 0, 1);
                } else {
                    int c = KeyComparator.compareValues(values, row, extreme, 0);
                    if (kind == WindowFunction.Kind.MIN ? c < 0 : c > 0) {
                        extreme = values.copyPositions(new int[] {row}, 0, 1);
                    }
                }
            }
            default -> {
            }
        }
    }

    private void addToSum(FlatVector values, int row) {
        switch (values) {
            case DoubleVector x -> doubleSum += x.getDouble(row);
            case FloatVector x -> doubleSum += x.getFloat(row);
            case Int128Vector x -> addInt128(x.getHigh(row), x.getLow(row));
            case LongVector x -> addLong(x.getLong(row));
            case IntVector x -> addLong(x.getInt(row));
            default -> throw new IllegalStateException("a sum of " + values.type());
        }
    }

    private void addLong(long v) {
        longSum += v;
        doubleSum += v;
        addInt128(v >> 63, v);
    }

    private void addInt128(long h, long l) {
        long before = low;
        low += l;
        high += h + (Long.compareUnsigned(low, before) < 0 ? 1 : 0);
    }

    /** Starts a result column of {@code n} rows. */
    void start(int n) {
        size = n;
        validity = null;
        switch (resultKind()) {
            case LONG -> longs = new long[n];
            case DOUBLE -> doubles = new double[n];
            case INT128 -> {
                longs = new long[n];
                highs = new long[n];
            }
            case VALUE -> values = VectorBuilder.create(type, n);
        }
    }

    /** Writes the aggregate of the rows added so far as row {@code i} of the result column. */
    void emit(int i) {
        boolean empty = switch (kind) {
            case COUNT_STAR, COUNT, SUM0 -> false;
            default -> count == 0;
        };
        switch (resultKind()) {
            case LONG -> longs[i] = switch (kind) {
                case COUNT_STAR -> rows;
                case COUNT -> count;
                default -> longSum;
            };
            case DOUBLE -> doubles[i] = empty ? 0 : kind == WindowFunction.Kind.AVG ? average() : doubleSum;
            case INT128 -> {
                if (!empty) {
                    long[] v = kind == WindowFunction.Kind.AVG ? decimalAverage() : new long[] {high, low};
                    highs[i] = v[0];
                    longs[i] = v[1];
                }
            }
            case VALUE -> {
                if (extreme == null) {
                    values.appendNull();
                } else {
                    values.appendRange(extreme, 0, 1);
                }
                return;
            }
        }
        if (empty) {
            if (validity == null) {
                validity = Validity.allValid(size, size);
            }
            Validity.setNull(validity, i);
        }
    }

    /** The result column started by {@link #start}. */
    FlatVector finish() {
        return switch (resultKind()) {
            case LONG -> new LongVector(type, size, longs, validity);
            case DOUBLE -> new DoubleVector(type, size, doubles, validity);
            case INT128 -> new Int128Vector(type, size, highs, longs, validity);
            case VALUE -> values.build();
        };
    }

    /** AVG as a DOUBLE, as {@link FrameAggregates#avg} computes it for the argument's type. */
    private double average() {
        if (argType.id() == TypeId.DOUBLE || argType.id() == TypeId.FLOAT) {
            return doubleSum / count;
        }
        if (argType.id() == TypeId.LARGEINT) {
            return ((BigInteger) JavaValues.fromInt128(DataType.LARGEINT, high, low)).doubleValue() / count;
        }
        return (double) longSum / count;
    }

    private long[] decimalAverage() {
        BigInteger sum = BigInteger.valueOf(high).shiftLeft(64).or(new BigInteger(Long.toUnsignedString(low)));
        BigInteger avg = new BigDecimal(sum, argType.scale())
                .divide(BigDecimal.valueOf(count), type.scale(), RoundingMode.HALF_UP).unscaledValue();
        return new long[] {avg.shiftRight(64).longValue(), avg.longValue()};
    }

    private enum ResultKind { LONG, DOUBLE, INT128, VALUE }

    private ResultKind resultKind() {
        return switch (kind) {
            case COUNT_STAR, COUNT -> ResultKind.LONG;
            case MIN, MAX -> ResultKind.VALUE;
            default -> switch (type.id()) {
                case BIGINT -> ResultKind.LONG;
                case DOUBLE -> ResultKind.DOUBLE;
                default -> ResultKind.INT128;
            };
        };
    }

    /** Bytes held: the result column being written. */
    long retainedBytes() {
        long bytes = 8L * ((longs == null ? 0 : longs.length) + (highs == null ? 0 : highs.length)
                + (doubles == null ? 0 : doubles.length));
        return bytes + (values == null ? 0 : values.retainedBytes());
    }
}
