package io.shoaldb.exec.operator;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.exec.aggregate.PartitionedSpill;
import io.shoaldb.exec.spill.QuerySpill;
import io.shoaldb.exec.spill.SpillSettings;
import io.shoaldb.exec.task.QueryMemory;
import io.shoaldb.sql.planner.physical.AggregateCall;
import io.shoaldb.sql.planner.physical.AggregateFunction;
import io.shoaldb.sql.planner.physical.AggregateStep;
import io.shoaldb.sql.planner.physical.PhysicalHashAggregate;
import io.shoaldb.sql.planner.physical.PhysicalValues;
import io.shoaldb.storage.spill.SpillSpace;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.type.DataType;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Hash aggregation that spills gives the same groups as one that keeps them in memory: generated rows with NULL keys
 * and values, duplicates and a skewed key, over integer keys (1 to 4, the integer-key table) and generic keys
 * (strings, doubles, mixed), with every accumulator - counts, 64- and 128-bit sums, double sums, AVG of integers and
 * decimals, MIN/MAX of integers, dates, doubles, 128-bit decimals and strings - in SINGLE steps and in PARTIAL steps
 * feeding a FINAL step, under forced spilling, under forced spilling so eager that every partition is split down to
 * the last level, and under a small memory limit without force.
 */
class HashAggregationSpillTest {
    /** Value columns after the keys: INT, DECIMAL(12,2), DECIMAL(30,2), DOUBLE, STRING, DATE, LARGEINT. */
    private static final List<DataType> VALUES = List.of(DataType.INT, DataType.decimal(12, 2),
            DataType.decimal(30, 2), DataType.DOUBLE, DataType.varchar(30), DataType.DATE, DataType.LARGEINT);

    @TempDir
    Path root;
    private SpillSpace space;
    private final List<QuerySpill> spills = new ArrayList<>();

    @BeforeEach
    void open() {
        space = SpillSpace.open(new LocalFiles(), List.of(root.resolve("a"), root.resolve("b")));
    }

    @AfterEach
    void everyRunIsDeletedWhenTheQueryEnds() throws IOException {
        spills.forEach(QuerySpill::close);
        try (Stream<Path> files = Files.walk(root)) {
            assertThat(files.filter(Files::isRegularFile).toList()).isEmpty();
        }
    }

    static List<List<DataType>> keyTypes() {
        return List.of(List.of(DataType.BIGINT), List.of(DataType.INT, DataType.BIGINT),
                List.of(DataType.INT, DataType.DATE, DataType.BIGINT, DataType.INT), List.of(DataType.STRING),
                List.of(DataType.BIGINT, DataType.varchar(20)), List.of(DataType.DOUBLE, DataType.decimal(30, 2)));
    }

    private QuerySpill forced(long minRevocable) {
        return track(new QuerySpill(new SpillSettings(true, true, minRevocable), new QueryMemory(0), 0, 1,
                space.forQuery(spills.size())));
    }

    private QuerySpill track(QuerySpill spill) {
        spills.add(spill);
        return spill;
    }

    @ParameterizedTest
    @MethodSource("keyTypes")
    void singleStepSpilledEqualsInMemory(List<DataType> keys) {
        List<Batch> input = generate(keys, 40_000, 12_000, new Random(7));
        PhysicalHashAggregate node = node(keys, AggregateStep.SINGLE);
        List<List<Object>> expected = run(node, input, null, null);
        Counts forced = new Counts();
        assertThat(run(node, input, forced(64 << 10), forced)).isEqualTo(expected);
        assertThat(forced.spills).isGreaterThan(3);
        assertThat(forced.spilledRuns).as("runs of the input's 16 partitions and of partitions split again")
                .isGreaterThan(PartitionedSpill.PARTITIONS);
        assertThat(expected.size()).isGreaterThan(5000);
    }

    @ParameterizedTest
    @MethodSource("keyTypes")
    void partialStepsFlushAndFinalStepSpillsToTheSameResult(List<DataType> keys) {
        Random random = new Random(11);
        List<Batch> input = generate(keys, 40_000, 12_000, random);
        List<List<Object>> expected = run(node(keys, AggregateStep.SINGLE), input, null, null);

        PhysicalHashAggregate partial = node(keys, AggregateStep.PARTIAL);
        Counts flushes = new Counts();
        List<Batch> states = new ArrayList<>();
        int half = input.size() / 2;
        for (List<Batch> task : List.of(input.subList(0, half), input.subList(half, input.size()))) {
            states.addAll(drain(new HashAggregationOperator(new Source(task), partial, forced(64 << 10)), flushes));
        }
        assertThat(flushes.spills).as("partial steps flush their groups downstream").isGreaterThan(3);
        List<Integer> finalKeys = IntStream.range(0, keys.size()).boxed().toList();
        PhysicalHashAggregate fin = new PhysicalHashAggregate(partial, AggregateStep.FINAL, finalKeys, partial.calls());
        Counts spilled = new Counts();
        assertThat(SortedRows.of(drain(new HashAggregationOperator(new Source(states), fin, forced(64 << 10)), spilled)))
                .isEqualTo(expected);
        assertThat(spilled.spills).isGreaterThan(3);
    }

    @Test
    void partitionsSplitDownToTheLastLevelStillMergeEveryGroupOnce() {
        List<DataType> keys = List.of(DataType.BIGINT, DataType.STRING);
        List<Batch> input = generate(keys, 20_000, 3000, new Random(3));
        PhysicalHashAggregate node = node(keys, AggregateStep.SINGLE);
        Counts counts = new Counts();
        // Every table is over 1 byte: every batch spills, and every partition splits until the last level.
        List<List<Object>> expected = run(node, input, null, null);
        assertThat(run(node, input, forced(1), counts)).isEqualTo(expected);
        assertThat(counts.spilledGroups).isGreaterThanOrEqualTo(4L * expected.size());
    }

    @Test
    void aSmallMemoryLimitSpillsWithoutForce() {
        List<DataType> keys = List.of(DataType.BIGINT, DataType.INT);
        List<Batch> input = generate(keys, 100_000, 50_000, new Random(5));
        PhysicalHashAggregate node = node(keys, AggregateStep.SINGLE);
        long limit = 4L << 20;
        QuerySpill budget = track(new QuerySpill(SpillSettings.DEFAULT, new QueryMemory(limit), limit, 1,
                space.forQuery(99)));
        Counts counts = new Counts();
        List<List<Object>> spilled = run(node, input, budget, counts);
        assertThat(spilled).isEqualTo(run(node, input, null, null));
        assertThat(counts.spills).isGreaterThan(0);
        assertThat(counts.peakBytes).as("the table stays near its share of the limit").isLessThan(limit);
    }

    @Test
    void mergingSpilledPartitionsYieldsAndStopsWhenClosed() {
        List<DataType> keys = List.of(DataType.BIGINT);
        List<Batch> input = generate(keys, 40_000, 30_000, new Random(13));
        Source source = new Source(input);
        HashAggregationOperator op = new HashAggregationOperator(source, node(keys, AggregateStep.SINGLE),
                forced(64 << 10));
        int yieldsAfterInput = 0;
        int batches = 0;
        for (Batch b = op.next(); b != null && batches < 2; b = op.next()) {
            if (b == Operator.YIELD && source.ended()) {
                yieldsAfterInput++;
            } else if (!Operator.isSignal(b)) {
                batches++;
            }
        }
        assertThat(op.spilledRuns()).isGreaterThan(0);
        assertThat(yieldsAfterInput).as("reading partitions back hands the driver back now and then").isPositive();
        // Closed halfway through the partitions (a KILL, a LIMIT): the open run is closed, the rest goes with the query.
        op.close();
        assertThat(op.next()).isNull();
    }

    @Test
    void aGlobalAggregationNeverSpills() {
        List<Batch> input = generate(List.of(), 20_000, 1000, new Random(9));
        PhysicalHashAggregate node = node(List.of(), AggregateStep.SINGLE);
        Counts counts = new Counts();
        assertThat(run(node, input, forced(1), counts)).isEqualTo(run(node, input, null, null));
        assertThat(counts.spills).isZero();
    }

    @Test
    void partitionBitsDifferPerLevelAndAvoidTheExchangeAndSlotBits() {
        assertThat(PartitionedSpill.partitionOf(0xAL << 52, 0)).isEqualTo(0xA);
        assertThat(PartitionedSpill.partitionOf(0xAL << 52, 1)).isZero();
        assertThat(PartitionedSpill.partitionOf(0xAL << 48, 1)).isEqualTo(0xA);
        assertThat(PartitionedSpill.partitionOf(0xAL << 40, PartitionedSpill.MAX_LEVEL)).isEqualTo(0xA);
        long exchangeAndSlotBits = 0xFF00_0000_FFFF_FFFFL;
        for (int level = 0; level <= PartitionedSpill.MAX_LEVEL; level++) {
            assertThat(PartitionedSpill.partitionOf(exchangeAndSlotBits, level)).isZero();
        }
    }

    /** Input columns: the keys, then {@link #VALUES}. Keys repeat (duplicates), one key is a quarter of the rows. */
    private static List<Batch> generate(List<DataType> keys, int rows, int distinct, Random random) {
        List<DataType> types = new ArrayList<>(keys);
        types.addAll(VALUES);
        List<Batch> batches = new ArrayList<>();
        BatchBuilder builder = new BatchBuilder(types, 1024);
        for (int r = 0; r < rows; r++) {
            int k = random.nextInt(4) == 0 ? 17 : random.nextInt(distinct);
            Object[] row = new Object[types.size()];
            for (int c = 0; c < keys.size(); c++) {
                row[c] = k % 97 == c ? null : key(keys.get(c), k, c);
            }
            int at = keys.size();
            boolean nulls = random.nextInt(10) == 0;
            long v = random.nextInt(2_000_000) - 1_000_000;
            row[at] = nulls ? null : v;
            row[at + 1] = nulls ? null : BigDecimal.valueOf(v * 37, 2);
            row[at + 2] = nulls ? null : new BigDecimal(BigInteger.valueOf(v).shiftLeft(70), 2);
            row[at + 3] = nulls ? null : v / 4.0;
            row[at + 4] = nulls ? null : "s" + Integer.toString(random.nextInt(1 << 20), 36).repeat(1 + (int) (v & 3));
            row[at + 5] = nulls ? null : LocalDate.of(2000, 1, 1).plusDays(v & 4095);
            row[at + 6] = nulls ? null : BigInteger.valueOf(v).shiftLeft(65);
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

    private static Object key(DataType type, int k, int column) {
        return switch (type.id()) {
            case INT -> (long) (k * 7 + column);
            case BIGINT -> (long) k * 1_000_003L - 5_000_000_000L;
            case DATE -> LocalDate.of(1990, 1, 1).plusDays(k);
            case DOUBLE -> k / 8.0;
            case DECIMAL -> BigDecimal.valueOf(k, 2).add(new BigDecimal("1e20"));
            default -> "key-" + Integer.toString(k, 36) + "-" + column;
        };
    }

    private static PhysicalHashAggregate node(List<DataType> keys, AggregateStep step) {
        List<DataType> types = new ArrayList<>(keys);
        types.addAll(VALUES);
        int v = keys.size();
        List<AggregateCall> calls = new ArrayList<>();
        calls.add(AggregateCall.of(AggregateFunction.COUNT_STAR, -1, null));
        calls.add(AggregateCall.of(AggregateFunction.COUNT, v + 4, types.get(v + 4)));
        calls.add(AggregateCall.of(AggregateFunction.SUM, v, types.get(v)));
        calls.add(AggregateCall.of(AggregateFunction.SUM, v + 1, types.get(v + 1)));
        calls.add(AggregateCall.of(AggregateFunction.SUM, v + 2, types.get(v + 2)));
        calls.add(AggregateCall.of(AggregateFunction.SUM, v + 3, types.get(v + 3)));
        calls.add(AggregateCall.of(AggregateFunction.SUM, v + 6, types.get(v + 6)));
        calls.add(AggregateCall.of(AggregateFunction.AVG, v, types.get(v)));
        calls.add(AggregateCall.of(AggregateFunction.AVG, v + 1, types.get(v + 1)));
        for (int c = v; c < types.size(); c++) {
            calls.add(AggregateCall.of(AggregateFunction.MIN, c, types.get(c)));
            calls.add(AggregateCall.of(AggregateFunction.MAX, c, types.get(c)));
        }
        List<Integer> keyColumns = IntStream.range(0, keys.size()).boxed().toList();
        return new PhysicalHashAggregate(new PhysicalValues(types, List.of()), step, keyColumns, calls);
    }

    private static final class Counts {
        int spills;
        long spilledGroups;
        long spilledRuns;
        long peakBytes;
    }

    private static List<List<Object>> run(PhysicalHashAggregate node, List<Batch> input, QuerySpill spill,
                                          Counts counts) {
        return SortedRows.of(drain(new HashAggregationOperator(new Source(input), node, spill), counts));
    }

    /** Every batch the operator returns, calling again on YIELD as the driver would. */
    private static List<Batch> drain(HashAggregationOperator op, Counts counts) {
        List<Batch> out = new ArrayList<>();
        for (Batch b = op.next(); b != null; b = op.next()) {
            if (counts != null) {
                counts.peakBytes = Math.max(counts.peakBytes, op.retainedBytes());
            }
            if (!Operator.isSignal(b)) {
                out.add(b);
            }
        }
        op.close();
        if (counts != null) {
            counts.spills += op.spills();
            counts.spilledGroups += op.spilledGroups();
            counts.spilledRuns += op.spilledRuns();
        }
        return out;
    }


    /** The input batches, with a YIELD between them now and then as a scan would give. */
    private static final class Source implements Operator {
        private final List<Batch> batches;
        private int next;
        private boolean yielded;

        Source(List<Batch> batches) {
            this.batches = batches;
        }

        @Override
        public Batch next() {
            if (next % 5 == 4 && !yielded) {
                yielded = true;
                return YIELD;
            }
            yielded = false;
            return next < batches.size() ? batches.get(next++) : null;
        }

        boolean ended() {
            return next == batches.size();
        }

        @Override
        public void close() {
        }
    }
}
