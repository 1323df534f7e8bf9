package io.shoaldb.exec.operator.window;

import io.shoaldb.exec.operator.Operator;
import io.shoaldb.exec.operator.RetainedMemory;
import io.shoaldb.exec.operator.Spilled;
import io.shoaldb.exec.operator.sort.ExternalSorter;
import io.shoaldb.exec.spill.QuerySpill;
import io.shoaldb.sql.planner.physical.PhysicalWindow;
import io.shoaldb.vector.Batch;

/**
 * Window functions over this driver's rows, which hold whole partitions (the planner's HASH exchange on the
 * partition keys, or everything on one driver). Buffers its input; when it all fits, evaluates it as one
 * {@link WindowChunk} and streams the rows in window order with the function columns appended,
 * {@value #OUTPUT_BATCH} rows per batch. When the query's {@link QuerySpill} says the buffer is too much, the
 * buffer goes to disk as runs sorted by partition and order keys ({@link ExternalSorter}); at the end their merge
 * is cut into chunks of whole partitions ({@link PartitionChunks}: {@value #CHUNK_ROWS} rows, or a quarter of the
 * operator's share of the memory limit, then the next partition end), each evaluated and streamed in turn, so
 * memory holds one chunk - at least the largest partition - rather than all rows.
 */
public final class WindowOperator implements Operator, RetainedMemory, Spilled {
    private static final int OUTPUT_BATCH = 4096;
    /** Rows a chunk collects, at least, before it is cut at the next partition end. */
    private static final int CHUNK_ROWS = OUTPUT_BATCH;
    private final Operator input;
    private final PhysicalWindow window;
    private final ExternalSorter sorter;
    private final QuerySpill spill;
    private final StreamingPlan streaming;
    /** Bytes a chunk collects, at least, before it is cut: a quarter of the share (evaluating it takes more). */
    private final long chunkBytes;
    private boolean consumed;
    private PartitionChunks chunks;
    private WindowChunk chunk;
    private LargePartition large;
    private long largeRuns;
    private long largeBytes;

    public WindowOperator(Operator input, PhysicalWindow window, QuerySpill spill) {
        this.input = input;
        this.window = window;
        this.spill = spill;
        this.sorter = new ExternalSorter(window.input().outputTypes(), window.sortKeys(), spill, OUTPUT_BATCH);
        this.chunkBytes = spill.operatorShareBytes() / 4;
        this.streaming = StreamingPlan.of(window);
    }

    @Override
    public Batch next() {
        if (!consumed) {
            Batch signal = sorter.drain(input);
            if (signal != null) {
                return signal;
            }
            consumed = true;
            input.close();
            if (sorter.spilled()) {
                chunks = new PartitionChunks(sorter, window.input().outputTypes(),
                        window.sortKeys().subList(0, window.partitionKeys().size()), CHUNK_ROWS, chunkBytes,
                        this::tooLargeToHold);
            } else {
                chunk = new WindowChunk(sorter.takeBuffered(), window, OUTPUT_BATCH);
            }
        }
        while (true) {
            if (chunk != null) {
                Batch out = chunk.next();
                if (out != null) {
                    return out;
                }
                chunk = null;
            }
            if (large != null) {
                Batch out = large.next();
                if (out != null) {
                    return out;
                }
                finishLarge();
            }
            if (chunks == null) {
                return null;
            }
            Batch rows = chunks.next();
            if (rows == PartitionChunks.LARGE) {
                large = new LargePartition(chunks.takeLargeStart(), chunks::nextOfLarge, streaming, spill, OUTPUT_BATCH,
                        chunkBytes);
                continue;
            }
            if (rows == null || Operator.isSignal(rows)) {
                return rows;
            }
            chunk = new WindowChunk(rows, window, OUTPUT_BATCH);
        }
    }

    /**
     * Whether the partition being collected, holding {@code bytes}, is to be streamed rather than held whole: past a
     * chunk's bytes, or when the query says to spill it - if every function can be streamed.
     */
    private boolean tooLargeToHold(long bytes) {
        return streaming.streamable && (bytes >= chunkBytes || spill.shouldSpill(bytes));
    }

    private void finishLarge() {
        largeRuns += large.runsWritten();
        largeBytes += large.bytesWritten();
        large.close();
        large = null;
    }

    /** The rows buffered, or the merge's current batches, the partitions being collected and the chunk evaluated. */
    @Override
    public long retainedBytes() {
        return sorter.retainedBytes() + (chunks == null ? 0 : chunks.retainedBytes())
                + (chunk == null ? 0 : chunk.retainedBytes()) + (large == null ? 0 : large.retainedBytes());
    }

    /** Sorted runs, and the runs of large partitions written for a first pass. */
    @Override
    public long spilledRuns() {
        return sorter.runsWritten() + largeRuns + (large == null ? 0 : large.runsWritten());
    }

    @Override
    public long spilledBytes() {
        return sorter.bytesWritten() + largeBytes + (large == null ? 0 : large.bytesWritten());
    }

    @Override
    public void close() {
        input.close();
        try {
            if (large != null) {
                large.close();
            }
        } finally {
            sorter.close();
        }
    }
}
