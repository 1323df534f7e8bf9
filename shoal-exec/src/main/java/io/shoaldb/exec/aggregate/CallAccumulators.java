package io.shoaldb.exec.aggregate;

import io.shoaldb.sql.planner.physical.AggregateCall;
import io.shoaldb.sql.planner.physical.AggregateStep;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;
import io.shoaldb.vector.type.TypeId;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.List;

/**
 * The accumulators of one aggregate call in one step, each bound to the input column it reads, and how
 * they become output. Raw steps (PARTIAL, SINGLE) read the argument; FINAL reads the state columns a
 * PARTIAL wrote ({@link AggregateCall#stateTypes()}): counts merge by summing, sums by summing, MIN/MAX
 * by MIN/MAX, AVG by summing both its sum and its count.
 */
final class CallAccumulators {
    private final AggregateCall call;
    private final AggregateStep step;
    final Accumulator[] accumulators;
    /** Input column of each accumulator (-1: none, COUNT(*)). */
    final int[] inputs;

    CallAccumulators(AggregateCall call, AggregateStep step, int firstStateColumn) {
        this.call = call;
        this.step = step;
        if (step == AggregateStep.FINAL) {
            List<DataType> states = call.stateTypes();
            accumulators = new Accumulator[states.size()];
            inputs = new int[states.size()];
            for (int i = 0; i < states.size(); i++) {
                inputs[i] = firstStateColumn + i;
            }
            switch (call.function()) {
                case COUNT_STAR, COUNT -> accumulators[0] = new LongSumAccumulator(true);
                case SUM -> accumulators[0] = sum(states.get(0), states.get(0));
                case MIN -> accumulators[0] = MinMaxAccumulator.create(states.get(0), false);
                case MAX -> accumulators[0] = MinMaxAccumulator.create(states.get(0), true);
                case AVG -> {
                    accumulators[0] = sum(states.get(0), states.get(0));
                    accumulators[1] = new LongSumAccumulator(true);
                }
            }
            return;
        }
        int arg = call.argument();
        DataType argType = call.argumentType();
        switch (call.function()) {
            case COUNT_STAR -> {
                accumulators = new Accumulator[] {new CountAccumulator(true)};
                inputs = new int[] {-1};
            }
            case COUNT -> {
                accumulators = new Accumulator[] {new CountAccumulator(false)};
                inputs = new int[] {arg};
            }
            case SUM -> {
                accumulators = new Accumulator[] {sum(AggregateCall.sumType(argType), argType)};
                inputs = new int[] {arg};
            }
            case MIN, MAX -> {
                accumulators = new Accumulator[] {MinMaxAccumulator.create(argType,
                        call.function() == io.shoaldb.sql.planner.physical.AggregateFunction.MAX)};
                inputs = new int[] {arg};
            }
            case AVG -> {
                accumulators = new Accumulator[] {sum(AggregateCall.sumType(argType), argType),
                        new CountAccumulator(false)};
                inputs = new int[] {arg, arg};
            }
            default -> throw new IllegalStateException();
        }
    }

    private static Accumulator sum(DataType sumType, DataType inputType) {
        return switch (sumType.id()) {
            case BIGINT -> new LongSumAccumulator(false);
            case DOUBLE -> new DoubleSumAccumulator();
            case DECIMAL, LARGEINT -> new Int128SumAccumulator(sumType, inputType);
            default -> throw new IllegalArgumentException("SUM into " + sumType);
        };
    }

    /** Output columns this call writes in its step. */
    int outputWidth() {
        return step == AggregateStep.PARTIAL ? accumulators.length : 1;
    }

    void ensureGroups(int groups) {
        for (Accumulator a : accumulators) {
            a.ensureGroups(groups);
        }
    }

    /** Writes the states of groups {@code [from, from+count)} into {@code out[at ..]}, one column per accumulator. */
    void writeStates(int from, int count, VectorBuilder[] out, int at) {
        for (int i = 0; i < accumulators.length; i++) {
            for (int g = from; g < from + count; g++) {
                accumulators[i].write(g, out[at + i]);
            }
        }
    }

    /** Writes groups {@code [from, from+count)} into {@code out[at ..]}: the states (PARTIAL) or the results. */
    void write(int from, int count, VectorBuilder[] out, int at) {
        if (step == AggregateStep.PARTIAL) {
            writeStates(from, count, out, at);
        } else if (call.function() == io.shoaldb.sql.planner.physical.AggregateFunction.AVG) {
            for (int g = from; g < from + count; g++) {
                out[at].appendObject(average(accumulators[0].value(g), accumulators[1].value(g)));
            }
        } else {
            for (int g = from; g < from + count; g++) {
                accumulators[0].write(g, out[at]);
            }
        }
    }

    /** AVG: DOUBLE for non-decimal arguments, DECIMAL(38, max(s,4)) rounded half-up for decimals. */
    private Object average(Object sum, Object count) {
        long n = count == null ? 0 : (Long) count;
        if (sum == null || n == 0) {
            return null;
        }
        if (call.resultType().id() == TypeId.DECIMAL) {
            return ((BigDecimal) sum).divide(BigDecimal.valueOf(n), call.resultType().scale(), RoundingMode.HALF_UP);
        }
        double s = switch (sum) {
            case BigInteger b -> b.doubleValue();
            case BigDecimal d -> d.doubleValue();
            default -> ((Number) sum).doubleValue();
        };
        return s / n;
    }
}
