package io.shoaldb.server.metrics;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.shoaldb.storage.StorageEngine;
import io.shoaldb.storage.segment.ScanCounters;
import io.shoaldb.storage.segment.SegmentCache;
import io.shoaldb.storage.spill.SpillCounters;

/**
 * Scan numbers read from storage when {@code /metrics} is scraped: the page cache's hits, misses, evictions
 * and size, the pages and segments scans read or skipped by their zone maps, and what queries spilled.
 */
public final class MicrometerScanMetrics {
    private MicrometerScanMetrics() {
    }

    public static void register(MeterRegistry registry, StorageEngine storage) {
        SegmentCache cache = storage.segmentCache();
        FunctionCounter.builder("storage_page_cache_hit", cache, SegmentCache::hits)
                .description("footers and decoded pages found in the page cache").register(registry);
        FunctionCounter.builder("storage_page_cache_miss", cache, SegmentCache::misses)
                .description("footers and pages read from segment files because the page cache lacked them")
                .register(registry);
        FunctionCounter.builder("storage_page_cache_evicted", cache, SegmentCache::evictions)
                .description("page cache entries dropped to stay within storage_page_cache_limit, new ones not admitted included").register(registry);
        Gauge.builder("storage_page_cache_bytes", cache, SegmentCache::bytes).baseUnit("bytes")
                .description("bytes the page cache holds").register(registry);
        Gauge.builder("storage_page_cache_capacity_bytes", cache, SegmentCache::capacityBytes).baseUnit("bytes")
                .description("storage_page_cache_limit in bytes").register(registry);
        ScanCounters scans = storage.scanCounters();
        FunctionCounter.builder("scan_pages_read", scans, ScanCounters::pagesRead)
                .description("segment pages scans read (from the cache or the file)").register(registry);
        FunctionCounter.builder("scan_pages_skipped", scans, ScanCounters::pagesSkipped)
                .description("segment pages scans skipped because their zone maps ruled the filter out")
                .register(registry);
        FunctionCounter.builder("scan_segments_skipped", scans, ScanCounters::segmentsSkipped)
                .description("whole segments scans skipped by their column zone maps").register(registry);
        SpillCounters spill = storage.spillSpace().counters();
        FunctionCounter.builder("query_spill_bytes_written", spill, SpillCounters::bytesWritten).baseUnit("bytes")
                .description("bytes queries wrote to spill runs because their state did not fit in memory")
                .register(registry);
        FunctionCounter.builder("query_spill_bytes_read", spill, SpillCounters::bytesRead).baseUnit("bytes")
                .description("bytes of spill runs read back").register(registry);
        FunctionCounter.builder("query_spill_runs", spill, SpillCounters::runsWritten)
                .description("spill runs written").register(registry);
        Gauge.builder("query_spill_bytes_on_disk", spill, SpillCounters::bytesOnDisk).baseUnit("bytes")
                .description("bytes of spill runs on disk now (0 when no query is spilling)").register(registry);
    }
}
