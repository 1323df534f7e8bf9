package io.shoaldb.server.metrics;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.shoaldb.storage.StorageEngine;

/**
 * How far compaction is behind, read from storage when {@code /metrics} is scraped, under Doris's name: a tablet's
 * compaction score is its number of rowsets, and {@code tablet_max_compaction_score} the highest of them.
 */
public final class MicrometerCompactionMetrics {
    private MicrometerCompactionMetrics() {
    }

    public static void register(MeterRegistry registry, StorageEngine storage) {
        Gauge.builder("tablet_max_compaction_score", storage, StorageEngine::mostRowsetsInATablet)
                .description("the most rowsets any tablet has now (compaction merges them; scans and commits of "
                        + "the tablet pay for each)").register(registry);
    }
}
