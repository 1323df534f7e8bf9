package io.shoaldb.exec.operator;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.exec.aggregate.DistinctPassThrough;
import io.shoaldb.exec.aggregate.PartialAggregationFlush;
import io.shoaldb.sql.planner.physical.AggregateCall;
import io.shoaldb.sql.planner.physical.AggregateFunction;
import io.shoaldb.sql.planner.physical.AggregateStep;
import io.shoaldb.sql.planner.physical.PhysicalHashAggregate;
import io.shoaldb.sql.planner.physical.PhysicalValues;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.type.DataType;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A PARTIAL aggregation whose table does not reduce rows flushes it and starts afresh, and the FINAL step still
 * merges the states into the results a SINGLE step computes: nearly unique keys in runs (like line items sorted by
 * their order key) over integer and string keys, with NULL keys and values and every kind of call (COUNT(*), COUNT,
 * integer and decimal SUM, AVG, MIN/MAX of integers and strings); keys that repeat keep their table. A PARTIAL
 * step without calls (a DISTINCT's first step) over nearly unique keys passes its rows on instead of hashing them.
 */
class PartialAggregationFlushTest {
    private static final int LIMIT = 1000;

    static List<List<DataType>> keyTypes() {
        return List.of(List.of(DataType.BIGINT), List.of(DataType.INT, DataType.BIGINT), List.of(DataType.STRING),
                List.of(DataType.BIGINT, DataType.varchar(20)));
    }

    @ParameterizedTest
    @MethodSource("keyTypes")
    void nearlyUniqueKeysFlushAndTheFinalStepMergesTheSameResult(List<DataType> keys) {
        Random random = new Random(3);
        List<Batch> input = generate(keys, 30_000, random, k -> random.nextInt(64) == 0 ? k + 5 : k);
        List<List<Object>> expected = SortedRows.of(drain(new HashAggregationOperator(new Source(input),
                node(keys, AggregateStep.SINGLE), null), null));
        int[] flushes = new int[1];
        List<List<Object>> merged = partialThenFinal(keys, input, flushes);
        assertThat(merged).isEqualTo(expected);
        assertThat(flushes[0]).as("each task flushes its table about every %s groups", LIMIT).isGreaterThan(8);
        assertThat(expected.size()).isGreaterThan(8 * LIMIT);
    }

    @ParameterizedTest
    @MethodSource("keyTypes")
    void keysThatRepeatKeepTheirTable(List<DataType> keys) {
        Random random = new Random(5);
        List<Batch> input = generate(keys, 30_000, random, k -> random.nextInt(LIMIT * 6 / 5));
        List<List<Object>> expected = SortedRows.of(drain(new HashAggregationOperator(new Source(input),
                node(keys, AggregateStep.SINGLE), null), null));
        int[] flushes = new int[1];
        assertThat(partialThenFinal(keys, input, flushes)).isEqualTo(expected);
        assertThat(flushes[0]).isZero();
    }

    @Test
    void theRuleFlushesOnlyTablesOverTheLimitWhoseLookupsMostlyCreatedGroups() {
        PartialAggregationFlush rule = new PartialAggregationFlush(100);
        assertThat(rule.shouldFlush(99, 99)).isFalse();
        assertThat(rule.shouldFlush(100, 124)).isTrue();
        // A fresh table: this one found existing groups often enough, so it may grow to twice its size.
        assertThat(rule.shouldFlush(100, 400)).isFalse();
        assertThat(rule.shouldFlush(150, 150)).isFalse();
        assertThat(rule.shouldFlush(200, 240)).isTrue();
        assertThat(rule.shouldFlush(100, 100)).isTrue();
    }

    /**
     * A DISTINCT over nearly unique keys (past the check's sample in each task) - one row of each run of three
     * selected, keys read in another order than the input's - passes its rows on, and the FINAL step still removes
     * the duplicates left; the same keys in their runs of three keep being hashed.
     */
    @ParameterizedTest
    @MethodSource("keyTypes")
    void aDistinctOverNearlyUniqueKeysPassesItsRowsOn(List<DataType> keys) {
        Random random = new Random(7);
        List<Batch> runs = generate(keys, 150_000, random, k -> random.nextInt(64) == 0 ? k + 5 : k);
        List<Batch> firstOfEachRun = runs.stream().map(b -> b.withSelection(
                IntStream.range(0, b.rowCount()).filter(r -> r % 3 == 0).toArray(), (b.rowCount() + 2) / 3)).toList();
        List<Integer> distinctKeys = IntStream.range(0, keys.size()).map(i -> keys.size() - 1 - i).boxed().toList();

        boolean[] passed = new boolean[1];
        List<List<Object>> expected = SortedRows.of(drain(new HashAggregationOperator(new Source(firstOfEachRun),
                distinct(keys, AggregateStep.SINGLE, distinctKeys), null), null));
        assertThat(distinctThroughTwoSteps(keys, distinctKeys, firstOfEachRun, passed)).isEqualTo(expected);
        assertThat(passed[0]).isTrue();
        assertThat(expected.size()).isGreaterThan(45_000);

        passed[0] = false;
        List<List<Object>> all = SortedRows.of(drain(new HashAggregationOperator(new Source(runs),
                distinct(keys, AggregateStep.SINGLE, distinctKeys), null), null));
        assertThat(distinctThroughTwoSteps(keys, distinctKeys, runs, passed)).isEqualTo(all);
        assertThat(passed[0]).isFalse();
    }

    @Test
    void theDistinctRuleChecksOnceAfterItsSample() {
        DistinctPassThrough rule = new DistinctPassThrough();
        assertThat(rule.shouldPassThrough(16_383, 16_383)).isFalse();
        assertThat(rule.shouldPassThrough(16_384, 16_000)).isTrue();
        assertThat(rule.shouldPassThrough(20_000, 20_000)).isFalse();
        DistinctPassThrough reducing = new DistinctPassThrough();
        assertThat(reducing.shouldPassThrough(16_384, 14_000)).isFalse();
        assertThat(reducing.shouldPassThrough(40_000, 40_000)).as("checked once").isFalse();
    }

    /** Two PARTIAL tasks of a DISTINCT over halves of the input, then the FINAL step; {@code passed}: either passed on. */
    private static List<List<Object>> distinctThroughTwoSteps(List<DataType> keys, List<Integer> distinctKeys,
                                                              List<Batch> input, boolean[] passed) {
        PhysicalHashAggregate partial = distinct(keys, AggregateStep.PARTIAL, distinctKeys);
        List<Batch> states = new ArrayList<>();
        int half = input.size() / 2;
        for (List<Batch> task : List.of(input.subList(0, half), input.subList(half, input.size()))) {
            HashAggregationOperator op = new HashAggregationOperator(new Source(task), partial, null);
            states.addAll(drain(op, null));
            passed[0] |= op.passesThrough();
        }
        List<Integer> finalKeys = IntStream.range(0, distinctKeys.size()).boxed().toList();
        PhysicalHashAggregate fin = new PhysicalHashAggregate(partial, AggregateStep.FINAL, finalKeys, List.of());
        return SortedRows.of(drain(new HashAggregationOperator(new Source(states), fin, null), null));
    }

    private static PhysicalHashAggregate distinct(List<DataType> keys, AggregateStep step, List<Integer> groupKeys) {
        List<DataType> types = new ArrayList<>(keys);
        types.addAll(List.of(DataType.INT, DataType.decimal(12, 2), DataType.varchar(10)));
        return new PhysicalHashAggregate(new PhysicalValues(types, List.of()), step, groupKeys, List.of());
    }

    /** Two PARTIAL tasks over halves of the input, then one FINAL step over all their states. */
    private static List<List<Object>> partialThenFinal(List<DataType> keys, List<Batch> input, int[] flushes) {
        PhysicalHashAggregate partial = node(keys, AggregateStep.PARTIAL);
        List<Batch> states = new ArrayList<>();
        int half = input.size() / 2;
        for (List<Batch> task : List.of(input.subList(0, half), input.subList(half, input.size()))) {
            HashAggregationOperator op = new HashAggregationOperator(new Source(task), partial, null, LIMIT);
            states.addAll(drain(op, flushes));
        }
        List<Integer> finalKeys = IntStream.range(0, keys.size()).boxed().toList();
        PhysicalHashAggregate fin = new PhysicalHashAggregate(partial, AggregateStep.FINAL, finalKeys, partial.calls());
        return SortedRows.of(drain(new HashAggregationOperator(new Source(states), fin, null), null));
    }

    /** Rows with keys from {@code keyOfRow} (given the row number / 3: runs of three), then INT, DECIMAL(12,2) and STRING values. */
    private static List<Batch> generate(List<DataType> keys, int rows, Random random,
                                        java.util.function.IntUnaryOperator keyOfRow) {
        List<DataType> types = new ArrayList<>(keys);
        types.addAll(List.of(DataType.INT, DataType.decimal(12, 2), DataType.varchar(10)));
        List<Batch> batches = new ArrayList<>();
        BatchBuilder builder = new BatchBuilder(types, 1024);
        for (int r = 0; r < rows; r++) {
            int k = keyOfRow.applyAsInt(r / 3);
            Object[] row = new Object[types.size()];
            for (int c = 0; c < keys.size(); c++) {
                row[c] = k % 101 == c ? null : switch (keys.get(c).id()) {
                    case INT -> (long) (k % 7);
                    case BIGINT -> (long) k * 1_000_003L;
                    default -> "k" + Integer.toString(k, 36);
                };
            }
            boolean nulls = random.nextInt(10) == 0;
            long v = random.nextInt(2_000_000) - 1_000_000;
            int at = keys.size();
            row[at] = nulls ? null : v;
            row[at + 1] = nulls ? null : BigDecimal.valueOf(v * 37, 2);
            row[at + 2] = nulls ? null : "s" + Long.toString(v & 0xFFFF, 36);
            builder.appendRow(row);
            if (builder.rowCount() == 1024) {
                batches.add(builder.build());
                builder = new BatchBuilder(types, 1024);
            }
        }
        if (builder.rowCount() > 0) {
            batches.add(builder.build());
        }
        return batches;
    }

    private static PhysicalHashAggregate node(List<DataType> keys, AggregateStep step) {
        List<DataType> types = new ArrayList<>(keys);
        types.addAll(List.of(DataType.INT, DataType.decimal(12, 2), DataType.varchar(10)));
        int v = keys.size();
        List<AggregateCall> calls = List.of(AggregateCall.of(AggregateFunction.COUNT_STAR, -1, null),
                AggregateCall.of(AggregateFunction.COUNT, v + 2, types.get(v + 2)),
                AggregateCall.of(AggregateFunction.SUM, v, types.get(v)),
                AggregateCall.of(AggregateFunction.SUM, v + 1, types.get(v + 1)),
                AggregateCall.of(AggregateFunction.AVG, v + 1, types.get(v + 1)),
                AggregateCall.of(AggregateFunction.MIN, v, types.get(v)),
                AggregateCall.of(AggregateFunction.MAX, v + 2, types.get(v + 2)));
        List<Integer> keyColumns = IntStream.range(0, keys.size()).boxed().toList();
        return new PhysicalHashAggregate(new PhysicalValues(types, List.of()), step, keyColumns, calls);
    }

    /** Every batch the operator returns, calling again on YIELD as the driver would; adds its flushes. */
    private static List<Batch> drain(HashAggregationOperator op, int[] flushes) {
        List<Batch> out = new ArrayList<>();
        for (Batch b = op.next(); b != null; b = op.next()) {
            if (!Operator.isSignal(b)) {
                out.add(b);
            }
        }
        op.close();
        if (flushes != null) {
            flushes[0] += op.partialFlushes();
        }
        return out;
    }


    private static final class Source implements Operator {
        private final List<Batch> batches;
        private int next;

        Source(List<Batch> batches) {
            this.batches = batches;
        }

        @Override
        public Batch next() {
            return next < batches.size() ? batches.get(next++) : null;
        }

        @Override
        public void close() {
        }
    }
}
