package io.shoaldb.catalog;

import java.time.InstantSource;

/**
 * Tuning for a {@link Catalog}: {@code checkpointEvery} journal entries trigger an automatic checkpoint
 * (bounding replay time and journal size); {@code clock} stamps table creation times.
 */
public record CatalogOptions(int checkpointEvery, InstantSource clock) {
    public static final int DEFAULT_CHECKPOINT_EVERY = 1000;

    public CatalogOptions {
        if (checkpointEvery < 1) {
            throw new IllegalArgumentException("checkpointEvery must be at least 1");
        }
    }

    public static CatalogOptions defaults() {
        return new CatalogOptions(DEFAULT_CHECKPOINT_EVERY, InstantSource.system());
    }

    public CatalogOptions withCheckpointEvery(int entries) {
        return new CatalogOptions(entries, clock);
    }
}
