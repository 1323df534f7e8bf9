package io.shoaldb.storage.segment;

import io.shoaldb.vector.ColumnVector;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Verified footers and decoded pages of segment files, kept across queries within a byte budget (least
 * recently used first out). Segments are immutable, so an entry never goes stale: a footer is keyed by the
 * file's path, size and trailer (footer offset, length and checksum), which a different file at the same
 * path would not repeat, and a page by its footer's key plus column and page. Decoded vectors are shared
 * by every reader that hits them; vectors are never modified after they are built.
 *
 * <p>Scan-resistant: once a shard is full, a new entry is admitted only if it has been asked for more often
 * lately than the entry it would evict ({@link AccessFrequency}, TinyLFU's rule). A table scanned again and
 * again that is larger than the budget (TPC-H SF10's lineitem on a 1 GB heap) then keeps a stable part of its
 * pages cached and hit, instead of evicting every page before its next use: with least-recently-used alone
 * every page missed, and every decoded page lived just long enough to be copied into the old generation and
 * die there, so the collector marked and compacted all the time.
 *
 * <p>Sharded by key hash so that concurrent scans rarely meet on one lock. A budget of 0 keeps nothing.
 */
public final class SegmentCache {
    /** Caches nothing. */
    public static final SegmentCache NONE = new SegmentCache(0);

    private static final int SHARDS = 16;
    /** Book-keeping bytes per entry on top of the value: key, map node, value holder. */
    private static final long ENTRY_OVERHEAD = 160;

    /** A segment file's identity: a different file at the same path has a different trailer. */
    public record SegmentKey(String path, long size, long footerOffset, int footerLength, int footerCrc) {
    }

    private record PageKey(SegmentKey segment, int column, int page) {
        @Override
        public int hashCode() {
            // Spread column and page over all bits: the record's default (31 * h + x) makes neighbours collide.
            long h = segment.hashCode() * 0x9E3779B97F4A7C15L + ((long) column << 32 | page);
            h *= 0xC2B2AE3D27D4EB4FL;
            return (int) (h ^ h >>> 32);
        }
    }

    private record Entry(Object value, long bytes) {
    }

    private final long capacityBytes;
    private final Shard[] shards;
    private final LongAdder hits = new LongAdder();
    private final LongAdder misses = new LongAdder();
    private final LongAdder evictions = new LongAdder();
    private final LongAdder rejections = new LongAdder();

    public SegmentCache(long capacityBytes) {
        if (capacityBytes < 0) {
            throw new IllegalArgumentException("negative cache capacity " + capacityBytes);
        }
        this.capacityBytes = capacityBytes;
        this.shards = new Shard[SHARDS];
        for (int i = 0; i < SHARDS; i++) {
            shards[i] = new Shard(capacityBytes / SHARDS);
        }
    }

    public long capacityBytes() {
        return capacityBytes;
    }

    /** The decoded page, or null when it is not cached. */
    public ColumnVector page(SegmentKey segment, int column, int page) {
        return (ColumnVector) get(new PageKey(segment, column, page));
    }

    public void putPage(SegmentKey segment, int column, int page, ColumnVector vector) {
        put(new PageKey(segment, column, page), vector, vector.retainedBytes());
    }

    /** The verified footer of the segment, or null when it is not cached. */
    public Footer footer(SegmentKey segment) {
        return (Footer) get(segment);
    }

    public void putFooter(SegmentKey segment, Footer footer) {
        put(segment, footer, 3L * segment.footerLength());
    }

    private Object get(Object key) {
        if (capacityBytes == 0) {
            return null;
        }
        Object value = shard(key).get(key);
        (value == null ? misses : hits).increment();
        return value;
    }

    private void put(Object key, Object value, long bytes) {
        if (capacityBytes == 0) {
            return;
        }
        int evicted = shard(key).put(key, new Entry(value, bytes + ENTRY_OVERHEAD));
        if (evicted < 0) {
            rejections.increment();
        } else {
            evictions.add(evicted);
        }
    }

    private Shard shard(Object key) {
        // The shard takes the top bits; each shard's map indexes by the low bits, so the two stay independent.
        return shards[(key.hashCode() * 0x9E3779B9) >>> 28];
    }

    public long hits() {
        return hits.sum();
    }

    public long misses() {
        return misses.sum();
    }

    public long evictions() {
        return evictions.sum();
    }

    /** Entries not admitted because the cache was full of entries asked for at least as often. */
    public long rejections() {
        return rejections.sum();
    }

    /** Bytes held now (values plus book-keeping). */
    public long bytes() {
        long sum = 0;
        for (Shard s : shards) {
            sum += s.bytes();
        }
        return sum;
    }

    /** One lock, one access-ordered map, its share of the budget, and how often its keys were asked for. */
    private static final class Shard {
        private final long capacity;
        private final LinkedHashMap<Object, Entry> map = new LinkedHashMap<>(64, 0.75f, true);
        private final AccessFrequency frequency = new AccessFrequency();
        private long bytes;

        Shard(long capacity) {
            this.capacity = capacity;
        }

        synchronized Object get(Object key) {
            frequency.record(key.hashCode(), map.size());
            Entry e = map.get(key);
            return e == null ? null : e.value();
        }

        /**
         * Adds (or replaces) the entry and evicts the least recently used past the budget; returns the number
         * evicted, or -1 when the entry was not admitted: the shard is full and its least recently used entry
         * has been asked for at least as often as the new one.
         */
        synchronized int put(Object key, Entry entry) {
            if (entry.bytes() > capacity) {
                return 0;
            }
            Entry old = map.get(key);
            if (old == null && bytes + entry.bytes() > capacity && !map.isEmpty()) {
                Object victim = map.keySet().iterator().next();
                if (frequency.estimate(key.hashCode()) <= frequency.estimate(victim.hashCode())) {
                    return -1;
                }
            }
            map.put(key, entry);
            bytes += entry.bytes() - (old == null ? 0 : old.bytes());
            int evicted = 0;
            Iterator<Map.Entry<Object, Entry>> it = map.entrySet().iterator();
            while (bytes > capacity && it.hasNext()) {
                Map.Entry<Object, Entry> eldest = it.next();
                if (eldest.getKey().equals(key)) {
                    continue;
                }
                bytes -= eldest.getValue().bytes();
                it.remove();
                evicted++;
            }
            return evicted;
        }

        synchronized long bytes() {
            return bytes;
        }
    }
}
