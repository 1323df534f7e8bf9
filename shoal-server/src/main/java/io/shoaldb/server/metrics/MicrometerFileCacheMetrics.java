package io.shoaldb.server.metrics;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.shoaldb.server.vault.VaultStores;

/**
 * The block cache of storage-vault tables (on the data paths), read when {@code /metrics} is scraped: blocks found
 * locally, blocks fetched from the store, blocks evicted to stay within the capacity, and what it holds.
 */
public final class MicrometerFileCacheMetrics {
    private MicrometerFileCacheMetrics() {
    }

    public static void register(MeterRegistry registry, VaultStores vaults) {
        FunctionCounter.builder("file_cache_hit", vaults, v -> v.cacheStats().hits())
                .description("blocks of vault segments read from the local file cache").register(registry);
        FunctionCounter.builder("file_cache_miss", vaults, v -> v.cacheStats().misses())
                .description("blocks of vault segments the file cache lacked (fetched from the store with read-ahead)")
                .register(registry);
        FunctionCounter.builder("file_cache_evicted", vaults, v -> v.cacheStats().evictions())
                .description("blocks evicted to keep each data path's cache within file_cache_capacity_bytes")
                .register(registry);
        Gauge.builder("file_cache_blocks", vaults, v -> v.cacheStats().blocks())
                .description("blocks the file cache holds").register(registry);
        Gauge.builder("file_cache_bytes", vaults, v -> v.cacheStats().bytes()).baseUnit("bytes")
                .description("bytes the file cache holds over all data paths").register(registry);
        Gauge.builder("file_cache_capacity_bytes", vaults, VaultStores::cacheCapacityBytes).baseUnit("bytes")
                .description("file_cache_capacity_bytes times the number of data paths").register(registry);
    }
}
