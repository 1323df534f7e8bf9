package io.shoaldb.exec.exchange;

import io.shoaldb.exec.expr.Flat;
import io.shoaldb.exec.operator.KeyComparator;
import io.shoaldb.exec.operator.Operator;
import io.shoaldb.exec.operator.SourceHeap;
import io.shoaldb.exec.task.Driver;
import io.shoaldb.sql.planner.physical.SortKey;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.type.DataType;
import java.util.List;

/**
 * The consumer of a {@link MergeExchange}: a k-way merge of the producers' sorted streams. Each producer has
 * a cursor on its current batch; a binary heap of producers orders them by their cursor's row, so each
 * output row costs O(log k) comparisons. When a cursor runs out, the merge stops until that producer's next
 * batch (or its end) is known, because that batch may hold the smallest remaining row. Output rows are
 * copied in runs (consecutive rows of one batch) into batches of {@value #OUTPUT_BATCH} rows.
 */
final class MergeSourceOperator implements Operator {
    private static final int OUTPUT_BATCH = 4096;

    private final MergeExchange exchange;
    private final Driver consumer;
    private final KeyComparator comparator;
    private final List<SortKey> ordering;
    private final Batch[] batches;
    private final FlatVector[][] keys;
    private final int[] positions;
    private final boolean[] done;
    private final SourceHeap heap;
    private boolean started;
    private int refill = -1;
    private Output output;
    private boolean closed;

    MergeSourceOperator(MergeExchange exchange, List<SortKey> ordering, Driver consumer) {
        this.exchange = exchange;
        this.consumer = consumer;
        this.ordering = ordering;
        this.comparator = new KeyComparator(ordering);
        int k = exchange.producers();
        this.batches = new Batch[k];
        this.keys = new FlatVector[k][];
        this.positions = new int[k];
        this.done = new boolean[k];
        this.heap = new SourceHeap(k, this::less);
    }

    @Override
    public Batch next() {
        if (closed) {
            return null;
        }
        if (!started) {
            if (!loadEveryProducer()) {
                return NOT_READY;
            }
            started = true;
        }
        while (true) {
            if (refill >= 0) {
                Batch b = exchange.take(refill, consumer);
                if (b == NOT_READY) {
                    return NOT_READY;
                }
                if (b == null) {
                    done[refill] = true;
                } else {
                    load(refill, b);
                    heap.push(refill);
                }
                refill = -1;
            }
            if (heap.isEmpty() || (output != null && output.rows >= OUTPUT_BATCH)) {
                Batch out = output == null ? null : output.build();
                output = null;
                if (out == null && heap.isEmpty()) {
                    closed = true;
                }
                if (out != null || heap.isEmpty()) {
                    return out;
                }
            }
            merge();
        }
    }

    /** Every producer's first batch, or its end; false (come back later) while one of them has neither. */
    private boolean loadEveryProducer() {
        boolean ready = true;
        for (int p = 0; p < batches.length; p++) {
            if (batches[p] != null || done[p]) {
                continue;
            }
            Batch b = exchange.take(p, consumer);
            if (b == NOT_READY) {
                ready = false;
            } else if (b == null) {
                done[p] = true;
            } else {
                load(p, b);
                heap.push(p);
            }
        }
        return ready;
    }

    /** Moves the smallest rows to the output until it is full or a producer's batch runs out. */
    private void merge() {
        if (output == null) {
            output = new Output(batches[heap.top()]);
        }
        while (!heap.isEmpty() && output.rows < OUTPUT_BATCH) {
            int p = heap.top();
            output.add(batches[p], positions[p]);
            positions[p]++;
            if (positions[p] < batches[p].positionCount()) {
                heap.topMoved();
            } else {
                heap.popTop();
                batches[p] = null;
                refill = p;
                return;
            }
        }
    }

    private void load(int p, Batch b) {
        batches[p] = b;
        keys[p] = KeyComparator.keyColumns(b, ordering);
        positions[p] = 0;
    }

    private boolean less(int p, int q) {
        int c = comparator.compare(keys[p], positions[p], keys[q], positions[q]);
        return c < 0 || (c == 0 && p < q);
    }

    @Override
    public void close() {
        // Producers are stopped by the query's cancellation or finish on their own; nothing is held here.
        closed = true;
    }

    /** Output rows gathered as runs of consecutive rows of one batch, copied column-wise at the end. */
    private static final class Output {
        private final List<DataType> types;
        private final BatchBuilder builder;
        private Batch runBatch;
        private int runFrom;
        private int runLength;
        int rows;

        Output(Batch like) {
            types = new java.util.ArrayList<>();
            for (int c = 0; c < like.columnCount(); c++) {
                types.add(like.column(c).type());
            }
            builder = new BatchBuilder(types, OUTPUT_BATCH);
        }

        void add(Batch batch, int position) {
            if (batch == runBatch && position == runFrom + runLength) {
                runLength++;
            } else {
                flushRun();
                runBatch = batch;
                runFrom = position;
                runLength = 1;
            }
            rows++;
        }

        private void flushRun() {
            if (runLength == 0) {
                return;
            }
            for (int c = 0; c < types.size(); c++) {
                builder.column(c).appendRange(Flat.of(runBatch.column(c)), runFrom, runLength);
            }
            runLength = 0;
        }

        Batch build() {
            flushRun();
            return builder.build();
        }
    }
}
