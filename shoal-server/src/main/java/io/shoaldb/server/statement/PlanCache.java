package io.shoaldb.server.statement;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.shoaldb.catalog.CatalogSnapshot;
import io.shoaldb.sql.planner.PlanTemplate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Plans of SELECTs for reuse, keyed by the statement's {@link io.shoaldb.sql.planner.QueryShape} (text with its
 * literals taken out, and their types), the current database and the session's planner settings. An entry holds
 * the catalog snapshot it was planned against, so any DDL (which replaces the snapshot) makes it stale, and the
 * row-count magnitudes of the tables it read, so a table that grew or shrank past a power of two is re-planned
 * (join order and broadcast choices depend on them). Least recently used entries go past {@code capacity}
 * ({@code plan_cache_size}; 0 turns the cache off). Metrics: {@code plan_cache_hits}, {@code plan_cache_misses},
 * {@code plan_cache_entries}.
 */
public final class PlanCache {
    /** A cached plan: what it was planned against, and the column labels of its text. */
    record Entry(CatalogSnapshot catalog, Map<Long, Integer> rowMagnitudes, PlanTemplate template,
            List<String> labels) {
    }

    private final int capacity;
    private final Map<String, Entry> entries;
    private final Counter hits;
    private final Counter misses;

    public PlanCache(int capacity, MeterRegistry metrics) {
        this.capacity = capacity;
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, PlanCache.Entry> eldest) {
                return size() > PlanCache.this.capacity;
            }
        };
        hits = Counter.builder("plan_cache_hits").description("SELECTs run from a cached plan").register(metrics);
        misses = Counter.builder("plan_cache_misses").description("SELECTs planned (and then cached)")
                .register(metrics);
        Gauge.builder("plan_cache_entries", this, PlanCache::size).description("plans in the plan cache")
                .register(metrics);
    }

    boolean enabled() {
        return capacity > 0;
    }

    synchronized Entry get(String key) {
        return entries.get(key);
    }

    synchronized void put(String key, Entry entry) {
        entries.put(key, entry);
    }

    synchronized void remove(String key, Entry entry) {
        entries.remove(key, entry);
    }

    void hit() {
        hits.increment();
    }

    void miss() {
        misses.increment();
    }

    private synchronized double size() {
        return entries.size();
    }
}
