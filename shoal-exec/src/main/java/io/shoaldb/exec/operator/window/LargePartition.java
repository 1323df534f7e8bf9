package io.shoaldb.exec.operator.window;

import io.shoaldb.exec.operator.Operator;
import io.shoaldb.exec.spill.QuerySpill;
import io.shoaldb.storage.spill.SpillReader;
import io.shoaldb.storage.spill.SpillRun;
import io.shoaldb.storage.spill.SpillWriter;
import io.shoaldb.vector.Batch;
import java.util.function.Supplier;

/**
 * A window partition too large to hold, evaluated by a {@link PartitionStream}. When a function needs the whole
 * partition first (its row count, an aggregate or last value over all of it), the partition's rows are written to a
 * spill run while {@link PartitionTotals} are taken, and the run is then read back into the stream; otherwise the rows
 * go straight from the sorted input into the stream. Each call takes in at most {@value #BATCHES_PER_CALL} batches
 * before it returns {@link Operator#YIELD}, so a driver keeps checking cancellation.
 */
final class LargePartition implements AutoCloseable {
    private static final int BATCHES_PER_CALL = Operator.INPUT_BATCHES_PER_CALL;

    private final StreamingPlan plan;
    private final QuerySpill spill;
    private final int batchRows;
    private final long segmentBytes;
    /** The partition's rows after the first ones: a batch, a signal, or null at the partition's end. */
    private final Supplier<Batch> source;
    private PartitionTotals totals;
    private SpillWriter writer;
    private SpillRun run;
    private SpillReader reader;
    private PartitionStream stream;
    private long runsWritten;
    private long bytesWritten;

    /**
     * @param first the partition's first rows, already taken from {@code source}
     * @param segmentBytes held bytes at which the stream evaluates what it can emit (see {@link PartitionStream})
     */
    LargePartition(Batch first, Supplier<Batch> source, StreamingPlan plan, QuerySpill spill, int batchRows,
                   long segmentBytes) {
        this.plan = plan;
        this.spill = spill;
        this.batchRows = batchRows;
        this.segmentBytes = segmentBytes;
        this.source = source;
        if (plan.firstPass) {
            totals = new PartitionTotals(plan);
            writer = spill.newRun(plan.window.input().outputTypes());
            write(first);
        } else {
            stream = new PartitionStream(plan, null, batchRows, segmentBytes);
            stream.add(first);
        }
    }

    /** The next output batch, {@link Operator#YIELD} (or another signal of the input), or null at the end. */
    Batch next() {
        if (writer != null) {
            Batch signal = firstPass();
            if (signal != null) {
                return signal;
            }
        }
        for (int i = 0; i < BATCHES_PER_CALL; i++) {
            Batch out = stream.poll();
            if (out != null) {
                return out;
            }
            if (stream.done()) {
                closeRun();
                return null;
            }
            Batch rows = reader != null ? reader.next() : source.get();
            if (rows == null) {
                stream.end();
            } else if (Operator.isSignal(rows)) {
                return rows;
            } else {
                stream.add(rows);
            }
        }
        return Operator.YIELD;
    }

    /** Writes the partition to its run; null once it has been written and is open for reading, else a signal. */
    private Batch firstPass() {
        for (int i = 0; i < BATCHES_PER_CALL; i++) {
            Batch rows = source.get();
            if (rows == null) {
                try (SpillWriter w = writer) {
                    writer = null;
                    run = w.finish();
                }
                runsWritten++;
                bytesWritten += run.bytes();
                reader = run.open();
                stream = new PartitionStream(plan, totals, batchRows, segmentBytes);
                return null;
            }
            if (Operator.isSignal(rows)) {
                return rows;
            }
            write(rows);
        }
        return Operator.YIELD;
    }

    private void write(Batch rows) {
        totals.add(rows);
        writer.append(rows);
    }

    long retainedBytes() {
        return (stream == null ? 0 : stream.retainedBytes()) + (writer == null ? 0 : writer.bufferedBytes());
    }

    long runsWritten() {
        return runsWritten;
    }

    long bytesWritten() {
        return bytesWritten;
    }

    private void closeRun() {
        if (reader != null) {
            reader.close();
            reader = null;
        }
        if (run != null) {
            run.delete();
            run = null;
        }
    }

    @Override
    public void close() {
        if (writer != null) {
            writer.close();
            writer = null;
        }
        closeRun();
    }
}
