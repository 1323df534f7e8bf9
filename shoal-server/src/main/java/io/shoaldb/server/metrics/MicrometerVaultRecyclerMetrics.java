package io.shoaldb.server.metrics;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.shoaldb.server.vault.VaultRecycler;

/** The storage-vault recycler, read when {@code /metrics} is scraped: what it deleted and what still waits. */
public final class MicrometerVaultRecyclerMetrics {
    private MicrometerVaultRecyclerMetrics() {
    }

    public static void register(MeterRegistry registry, VaultRecycler recycler) {
        FunctionCounter.builder("vault_recycled_objects", recycler, VaultRecycler::deletedObjects)
                .description("storage-vault objects no committed state named, deleted by the recycler").register(registry);
        FunctionCounter.builder("vault_recycled_multipart_uploads", recycler, VaultRecycler::abortedUploads)
                .description("unfinished multipart uploads of vault segments (a crash's parts) aborted by the recycler")
                .register(registry);
        Gauge.builder("vault_recycle_pending_intents", recycler, VaultRecycler::pendingIntents)
                .description("vault rowsets uploading, orphans and dropped tables not yet recycled").register(registry);
    }
}
