package io.shoaldb.catalog;

import java.time.InstantSource;

/**
 * Tuning for a {@link Catalog}: {@code checkpointEvery} journal entries trigger an automatic checkpoint
 * (bounding replay time and journal size); {@code clock} stamps table creation times;
 * {@code partitionCount} is the node's number of data partitions, over which new tables' tablets are
 * placed ({@code BUCKETS AUTO} makes one tablet per partition).
 */
public record CatalogOptions(int checkpointEvery, InstantSource clock, int partitionCount) {
    public static final int DEFAULT_CHECKPOINT_EVERY = 1000;

    public CatalogOptions {
        if (checkpointEvery < 1) {
            throw new IllegalArgumentException("checkpointEvery must be at least 1");
        }
        if (partitionCount < 1) {
            throw new IllegalArgumentException("partitionCount must be at least 1");
        }
    }

    public static CatalogOptions defaults() {
        return new CatalogOptions(DEFAULT_CHECKPOINT_EVERY, InstantSource.system(), 1);
    }

    public CatalogOptions withCheckpointEvery(int entries) {
        return new CatalogOptions(entries, clock, partitionCount);
    }

    public CatalogOptions withPartitionCount(int partitions) {
        return new CatalogOptions(checkpointEvery, clock, partitions);
    }
}
