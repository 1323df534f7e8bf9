package io.shoaldb.storage.tablet;

import io.shoaldb.vector.Batch;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Routes rows to buckets: HASH distribution by {@link RowHash} over the hash columns, or RANDOM
 * distribution (no hash columns) round-robin per batch - a whole batch goes to one bucket, the next batch
 * to the next, which spreads load without splitting batches. Thread-safe.
 */
public final class BucketRouter {
    private final int[] hashColumns;
    private final int buckets;
    private final AtomicLong nextRandomBucket = new AtomicLong();

    public BucketRouter(int[] hashColumnIndexes, int buckets) {
        if (buckets < 1) {
            throw new IllegalArgumentException("buckets must be positive, got " + buckets);
        }
        this.hashColumns = hashColumnIndexes.clone();
        this.buckets = buckets;
    }

    public int bucketCount() {
        return buckets;
    }

    /** The bucket of each selected position of {@code batch}. */
    public int[] buckets(Batch batch) {
        int n = batch.positionCount();
        int[] out = new int[n];
        if (hashColumns.length == 0) {
            java.util.Arrays.fill(out, nextRandom());
            return out;
        }
        long[] h = new long[n];
        for (int column : hashColumns) {
            var vector = batch.column(column);
            for (int i = 0; i < n; i++) {
                h[i] = RowHash.combine(h[i], vector, batch.row(i));
            }
        }
        for (int i = 0; i < n; i++) {
            out[i] = RowHash.bucket(h[i], buckets);
        }
        return out;
    }

    /**
     * One batch per bucket, sharing {@code batch}'s vectors through a selection (no copy); a bucket without
     * rows gets a batch with {@code positionCount() == 0}. When all rows fall in one bucket, that bucket
     * gets {@code batch} itself.
     */
    public Batch[] split(Batch batch) {
        int[] target = buckets(batch);
        int n = target.length;
        int[] counts = new int[buckets];
        for (int b : target) {
            counts[b]++;
        }
        Batch[] out = new Batch[buckets];
        int[][] positions = new int[buckets][];
        for (int b = 0; b < buckets; b++) {
            if (counts[b] == n && n > 0) {
                java.util.Arrays.fill(out, batch.withSelection(new int[0], 0));
                out[b] = batch;
                return out;
            }
            positions[b] = new int[counts[b]];
        }
        int[] filled = new int[buckets];
        for (int i = 0; i < n; i++) {
            int b = target[i];
            positions[b][filled[b]++] = batch.row(i);
        }
        for (int b = 0; b < buckets; b++) {
            out[b] = batch.withSelection(positions[b], counts[b]);
        }
        return out;
    }

    private int nextRandom() {
        return (int) (nextRandomBucket.getAndIncrement() % buckets);
    }
}
