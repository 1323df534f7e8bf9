package io.shoaldb.exec.operator.sort;

import io.shoaldb.exec.operator.Operator;
import io.shoaldb.exec.operator.RetainedMemory;
import io.shoaldb.exec.operator.RowBuffer;
import io.shoaldb.exec.operator.RowComparator;
import io.shoaldb.exec.spill.QuerySpill;
import io.shoaldb.sql.planner.physical.SortKey;
import io.shoaldb.storage.spill.SpillRun;
import io.shoaldb.storage.spill.SpillWriter;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.type.DataType;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * An external merge sort. {@link #add} buffers rows; whenever the query's {@link QuerySpill} says the buffer is too
 * much to hold, it is sorted and written out as a sorted run, and the buffer starts again empty. After the last
 * row, {@link #next} streams everything in order: the in-memory remainder (sorted) and the runs, merged with one
 * batch (a page) per run in memory. With more sources than one merge may read at once - {@value #MERGE_FAN_IN},
 * fewer when that many pages would not fit in the operator's share of the query's memory limit - runs are first
 * merged into longer runs, so memory stays bounded however many runs there are; those passes
 * return {@link Operator#YIELD} every {@value #BATCHES_PER_CALL} batches, so a driver keeps checking cancellation.
 * Rows that compare equal keep their input order when one merge suffices.
 */
public final class ExternalSorter implements RetainedMemory, AutoCloseable {
    /** Sources one merge reads at most at once: one page batch each. */
    static final int MERGE_FAN_IN = 32;
    /** Rows of a spill page at most (pages are also cut at 64 KB of a column). */
    private static final int PAGE_ROWS = 8192;
    /** Pages of a run an operator's share holds at least (else pages are cut smaller), for a merge's fan-in. */
    private static final int SHARE_PAGES = 8;
    /** Rows of a page at least, however small the share: smaller pages would cost more than they save. */
    private static final int MIN_PAGE_ROWS = 64;
    private static final int BATCHES_PER_CALL = 16;
    /** Room the buffer starts with: it grows by doubling, and an empty buffer should not look worth spilling. */
    public static final int INITIAL_BUFFER_ROWS = 256;

    private final List<DataType> types;
    private final List<SortKey> keys;
    private final QuerySpill spill;
    private final int batchRows;
    private final RowBuffer buffer;
    private final ArrayDeque<SpillRun> runs = new ArrayDeque<>();
    private SortedMerge pass;
    private SpillWriter passOutput;
    private SortedMerge merge;
    /** The most bytes per row of the buffers spilled: sizes the runs' pages and the merges' batches. */
    private long rowBytes = 1;
    private long runsWritten;
    private long bytesWritten;
    private boolean closed;

    /** @param batchRows rows per batch written to runs and returned by {@link #next}; fewer under a small limit */
    public ExternalSorter(List<DataType> types, List<SortKey> keys, QuerySpill spill, int batchRows) {
        this.types = List.copyOf(types);
        this.keys = List.copyOf(keys);
        this.spill = spill;
        this.batchRows = batchRows;
        this.buffer = new RowBuffer(types, INITIAL_BUFFER_ROWS);
    }

    /** Buffers the batch's rows, then spills the buffer as a sorted run if the query should not hold it. */
    public void add(Batch batch) {
        addAndSpill(batch);
    }

    /**
     * Takes in {@code input} as {@link io.shoaldb.exec.operator.InputDrain} does - null at its end, else the signal
     * to pass up - but returns {@link Operator#YIELD} right after writing a run, so that a driver's slice holds at
     * most one spill and a cancelled query stops once the run being written is done.
     */
    public Batch drain(Operator input) {
        for (int i = 0; i < Operator.INPUT_BATCHES_PER_CALL; i++) {
            Batch b = input.next();
            if (b == null) {
                return null;
            }
            if (Operator.isSignal(b)) {
                return b;
            }
            if (addAndSpill(b)) {
                return Operator.YIELD;
            }
        }
        return Operator.YIELD;
    }

    private boolean addAndSpill(Batch batch) {
        buffer.add(batch);
        long held = buffer.retainedBytes();
        if (spill.shouldSpill(held)) {
            spillBuffer();
            return true;
        }
        spill.checkHeld(held); // a sort may take in and give out all its rows within one slice
        return false;
    }

    /** Whether any rows went to disk; if not, {@link #takeBuffered()} has them all. */
    public boolean spilled() {
        return runsWritten > 0;
    }

    /** Every row added, unsorted, when nothing was spilled; the buffer is empty afterwards. */
    public Batch takeBuffered() {
        if (spilled()) {
            throw new IllegalStateException("rows were spilled; read them with next()");
        }
        return buffer.take();
    }

    /** Sorted runs written (including those of intermediate merge passes). */
    public long runsWritten() {
        return runsWritten;
    }

    /** Bytes of sorted runs written. */
    public long bytesWritten() {
        return bytesWritten;
    }

    /**
     * After the last {@link #add}: the next batch of rows in sort order, null at the end, or {@link Operator#YIELD}
     * while runs are being merged into longer ones (call again).
     */
    public Batch next() {
        if (closed) {
            return null;
        }
        if (merge != null) {
            return merge.next();
        }
        if (pass != null) {
            return continuePass();
        }
        int memorySources = buffer.rowCount() > 0 ? 1 : 0;
        if (runs.size() + memorySources > fanIn()) {
            if (memorySources > 0) {
                spillBuffer();
            }
            startPass();
            return Operator.YIELD;
        }
        List<SortedSource> sources = new ArrayList<>();
        while (!runs.isEmpty()) {
            sources.add(new RunSource(runs.poll()));
        }
        if (memorySources > 0) {
            Batch rows = buffer.take();
            sources.add(new MemorySource(rows, new RowComparator(rows, keys).sortedRows(rows.rowCount()), outputRows()));
        }
        merge = new SortedMerge(sources, keys, types, outputRows());
        return merge.next();
    }

    /** How many sources one merge may read: as many pages as fit in the operator's share, 2 to {@value #MERGE_FAN_IN}. */
    private int fanIn() {
        return (int) Math.max(2, Math.min(MERGE_FAN_IN, spill.operatorShareBytes() / (rowBytes * pageRows())));
    }

    /**
     * Rows of a run's page, and of a merge's output batch: {@value #PAGE_ROWS}, or fewer when the operator's share of a
     * small limit is less than {@value #SHARE_PAGES} such pages - a merge holds a page per run and hands out a batch
     * beside them, and the rows' consumer (a window's chunks) cuts its work at batch granularity.
     */
    private int pageRows() {
        return (int) Math.max(MIN_PAGE_ROWS, Math.min(PAGE_ROWS, spill.operatorShareBytes() / SHARE_PAGES / rowBytes));
    }

    /** Rows of the batches written to runs and handed out by merges. */
    private int outputRows() {
        return Math.min(batchRows, pageRows());
    }

    /** Appends a sorted batch to a run, ending the page after it when pages are cut small ({@link #pageRows()}). */
    private void append(SpillWriter run, Batch sorted) {
        run.append(sorted);
        if (pageRows() < PAGE_ROWS) {
            run.flushBuffered();
        }
    }

    /** Sorts the buffered rows and writes them out as one run; the buffer is empty afterwards. */
    private void spillBuffer() {
        int rowCount = buffer.rowCount();
        if (rowCount > 0) {
            rowBytes = Math.max(rowBytes, buffer.retainedBytes() / rowCount);
        }
        Batch rows = buffer.take();
        int[] order = new RowComparator(rows, keys).sortedRows(rows.rowCount());
        int writeRows = outputRows();
        try (SpillWriter writer = spill.newRun(types)) {
            for (int from = 0; from < order.length; from += writeRows) {
                int n = Math.min(writeRows, order.length - from);
                ColumnVector[] out = new ColumnVector[rows.columnCount()];
                for (int c = 0; c < out.length; c++) {
                    out[c] = rows.column(c).copyPositions(order, from, n);
                }
                append(writer, new Batch(n, out));
            }
            finished(writer);
        }
    }

    private void finished(SpillWriter writer) {
        SpillRun run = writer.finish();
        runs.add(run);
        runsWritten++;
        bytesWritten += run.bytes();
    }

    /** Merges the oldest runs, as many as one merge may read, into one new run at the back of the queue. */
    private void startPass() {
        int fanIn = fanIn();
        List<SortedSource> sources = new ArrayList<>(fanIn);
        for (int i = 0; i < fanIn && !runs.isEmpty(); i++) {
            sources.add(new RunSource(runs.poll()));
        }
        pass = new SortedMerge(sources, keys, types, outputRows());
        passOutput = spill.newRun(types);
    }

    private Batch continuePass() {
        for (int i = 0; i < BATCHES_PER_CALL; i++) {
            Batch b = pass.next();
            if (b == null) {
                pass.close();
                pass = null;
                try (SpillWriter writer = passOutput) {
                    passOutput = null;
                    finished(writer);
                }
                break;
            }
            append(passOutput, b);
        }
        return Operator.YIELD;
    }

    /** The buffered rows, or while merging every source's current batch. */
    @Override
    public long retainedBytes() {
        return buffer.retainedBytes() + (merge == null ? 0 : merge.retainedBytes())
                + (pass == null ? 0 : pass.retainedBytes());
    }

    /** Deletes every run not read yet (the query's end would delete them anyway). */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (merge != null) {
                merge.close();
            }
            if (pass != null) {
                pass.close();
            }
            if (passOutput != null) {
                passOutput.close();
            }
        } finally {
            while (!runs.isEmpty()) {
                runs.poll().delete();
            }
        }
    }
}
