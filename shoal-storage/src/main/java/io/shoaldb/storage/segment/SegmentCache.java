package io.shoaldb.storage.segment;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.RemovalCause;
import io.shoaldb.vector.ColumnVector;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * Verified footers and decoded pages of segment files, kept across queries within a byte budget. Segments are
 * immutable, so an entry never goes stale: a footer is keyed by the file's path, size and trailer (footer offset,
 * length and checksum), which a different file at the same path would not repeat, and a page by its footer's key
 * plus column and page. A page lookup (one per page and column of every scan) is on the hot path: the keys carry
 * hashes computed once, and the readers of a cached segment share the key instance its footer is cached under,
 * so comparing page keys is an identity check instead of comparing paths. Decoded vectors are shared by every
 * reader that hits them; vectors are never modified after they are built.
 *
 * <p>A Caffeine cache weighed in bytes. Its admission policy (W-TinyLFU) admits a new entry to a full cache only
 * if it is used more often than the entry it would evict, which makes the cache scan-resistant: a table scanned
 * again and again that is larger than the budget (TPC-H SF10's lineitem on a 1 GB heap) keeps a stable part of
 * its pages cached and hit. With least-recently-used alone every page was evicted before its next use, and every
 * decoded page lived just long enough to be copied into the old generation and die there, so the collector marked
 * and compacted all the time. Eviction work runs on the thread that adds an entry (a scan's), never on a shared
 * pool. A budget of 0 keeps nothing.
 *
 * <p>A cached segment's key also indexes the decoded pages the cache holds by column and page ({@link PageTable}),
 * so that a scan finds a cached page by an array read. Caffeine's own read of an entry is much dearer once the cache
 * is over half full (it then records every read for its policy: a frequency sketch and the entry's place in its
 * queues): a warm server whose cache held the pages of a whole TPC-H suite spent a sixth of a full scan's CPU in it.
 * The table tells Caffeine of a page's first {@link PageTable#RECORDED} hits, then of one in {@link
 * PageTable#RECORDED}, enough for its sketch (whose counts stop at 15) to tell the pages read over and over from
 * those read once. A page is in the table only while Caffeine holds it: it is set before Caffeine gets it and
 * cleared when Caffeine evicts it.
 */
public final class SegmentCache {
    /** Caches nothing. */
    public static final SegmentCache NONE = new SegmentCache(0);

    /** Book-keeping bytes per entry on top of the value: key, cache node, value holder. */
    private static final long ENTRY_OVERHEAD = 160;

    /** A segment file's identity: a different file at the same path has a different trailer. */
    public static final class SegmentKey {
        private final String path;
        private final long size;
        private final long footerOffset;
        private final int footerLength;
        private final int footerCrc;
        private final int hash;
        /** The pages cached under this instance, when it is the one its segment is cached under; else null. */
        private volatile PageTable pages;

        public SegmentKey(String path, long size, long footerOffset, int footerLength, int footerCrc) {
            this.path = path;
            this.size = size;
            this.footerOffset = footerOffset;
            this.footerLength = footerLength;
            this.footerCrc = footerCrc;
            this.hash = Objects.hash(path, size, footerOffset, footerLength, footerCrc);
        }

        public int footerLength() {
            return footerLength;
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public boolean equals(Object o) {
            return this == o || o instanceof SegmentKey k && k.hash == hash && k.size == size
                    && k.footerOffset == footerOffset && k.footerLength == footerLength && k.footerCrc == footerCrc
                    && k.path.equals(path);
        }
    }

    /**
     * The cached pages of one segment by column and page: each slot holds the page while the cache does, and counts
     * the page's hits (racily: a lost count only moves which hit is passed on to Caffeine).
     */
    private static final class PageTable {
        /** Hits of a page passed on to Caffeine one by one; after them, one in this many. */
        static final int RECORDED = 16;
        private final int columns;
        private final int pagesPerColumn;
        private final AtomicReferenceArray<ColumnVector> slots;
        private final int[] hits;

        PageTable(int columns, int pagesPerColumn) {
            this.columns = columns;
            this.pagesPerColumn = pagesPerColumn;
            this.slots = new AtomicReferenceArray<>(columns * pagesPerColumn);
            this.hits = new int[columns * pagesPerColumn];
        }

        /** The slot of a page, or -1 for one outside the segment. */
        int slot(int column, int page) {
            return column >= 0 && column < columns && page >= 0 && page < pagesPerColumn
                    ? column * pagesPerColumn + page : -1;
        }

        static long bytes(int columns, int pagesPerColumn) {
            return 32L + 8L * columns * pagesPerColumn;
        }
    }

    /** A segment as the cache knows it: its verified footer, and the key instance its pages are cached under. */
    public record CachedSegment(Footer footer, SegmentKey key) {
    }

    /** Fields compared cheapest first and a hash computed once. */
    private static final class PageKey {
        private final SegmentKey segment;
        private final int column;
        private final int page;
        private final int hash;

        PageKey(SegmentKey segment, int column, int page) {
            this.segment = segment;
            this.column = column;
            this.page = page;
            // Spread all three over every bit: a plain 31 * h + x makes neighbouring pages collide.
            long h = (segment.hash * 0x9E3779B97F4A7C15L + ((long) column << 32 | page)) * 0xC2B2AE3D27D4EB4FL;
            this.hash = (int) (h ^ h >>> 32);
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof PageKey k && k.page == page && k.column == column
                    && (k.segment == segment || k.segment.equals(segment));
        }

        /** The page left the cache: it leaves its segment's table too. */
        void clearSlot() {
            PageTable table = segment.pages;
            int slot = table == null ? -1 : table.slot(column, page);
            if (slot >= 0) {
                table.slots.set(slot, null);
            }
        }
    }

    private record Entry(Object value, int weight) {
    }

    private final long capacityBytes;
    /** Null when the budget is 0. */
    private final Cache<Object, Entry> entries;
    private final LongAdder hits = new LongAdder();
    private final LongAdder misses = new LongAdder();

    public SegmentCache(long capacityBytes) {
        if (capacityBytes < 0) {
            throw new IllegalArgumentException("negative cache capacity " + capacityBytes);
        }
        this.capacityBytes = capacityBytes;
        this.entries = capacityBytes == 0 ? null : Caffeine.newBuilder()
                .maximumWeight(capacityBytes)
                .weigher((Object key, Entry entry) -> entry.weight())
                .executor(Runnable::run)
                .evictionListener((Object key, Entry entry, RemovalCause cause) -> {
                    if (key instanceof PageKey page) {
                        page.clearSlot();
                    }
                })
                .recordStats()
                .build();
    }

    public long capacityBytes() {
        return capacityBytes;
    }

    /** The decoded page, or null when it is not cached. */
    public ColumnVector page(SegmentKey segment, int column, int page) {
        PageTable table = segment.pages;
        int slot = table == null ? -1 : table.slot(column, page);
        if (slot >= 0) {
            ColumnVector held = table.slots.get(slot);
            if (held != null) {
                hits.increment();
                int n = table.hits[slot]++;
                if (n < PageTable.RECORDED || n % PageTable.RECORDED == 0) {
                    entries.getIfPresent(new PageKey(segment, column, page)); // Caffeine's read: its policy counts it
                }
                return held;
            }
        }
        // not in the table: not cached, or cached under an equal key instance (one read before the footer was evicted)
        return (ColumnVector) get(new PageKey(segment, column, page));
    }

    public void putPage(SegmentKey segment, int column, int page, ColumnVector vector) {
        PageKey key = new PageKey(segment, column, page);
        Entry entry = entry(vector, vector.retainedBytes());
        if (entry == null) {
            return;
        }
        PageTable table = segment.pages;
        int slot = table == null ? -1 : table.slot(column, page);
        if (slot >= 0) {
            table.hits[slot] = 0;
            table.slots.set(slot, vector); // before Caffeine has it, so that an eviction at once clears it again
        }
        entries.put(key, entry);
    }

    /** The segment's verified footer and the key its pages are cached under, or null when it is not cached. */
    public CachedSegment segment(SegmentKey key) {
        return (CachedSegment) get(key);
    }

    /**
     * Caches the segment's verified footer, and returns what is cached: when another reader cached the same segment
     * meanwhile, its entry, so that both share one key instance.
     */
    public CachedSegment putSegment(SegmentKey key, Footer footer) {
        CachedSegment segment = new CachedSegment(footer, key);
        int columns = footer.columns().size();
        Entry entry = entry(segment, 3L * key.footerLength() + PageTable.bytes(columns, footer.pageCount()));
        if (entry == null) {
            return segment;
        }
        key.pages = new PageTable(columns, footer.pageCount());
        Entry kept = entries.asMap().putIfAbsent(key, entry);
        return kept == null ? segment : (CachedSegment) kept.value();
    }

    private Object get(Object key) {
        if (entries == null) {
            return null;
        }
        Entry entry = entries.getIfPresent(key);
        (entry == null ? misses : hits).increment();
        return entry == null ? null : entry.value();
    }

    /** The entry for a value of that many bytes, or null when the cache keeps nothing of that size. */
    private Entry entry(Object value, long bytes) {
        long weight = bytes + ENTRY_OVERHEAD;
        if (entries == null || weight > capacityBytes) {
            return null;
        }
        return new Entry(value, (int) Math.min(Integer.MAX_VALUE, weight));
    }

    public long hits() {
        return hits.sum();
    }

    public long misses() {
        return misses.sum();
    }

    /** Entries dropped to stay within the budget, including new ones not admitted because the cache was full. */
    public long evictions() {
        return entries == null ? 0 : entries.stats().evictionCount();
    }

    /** Bytes held now (values plus book-keeping). */
    public long bytes() {
        return entries == null ? 0 : entries.policy().eviction().orElseThrow().weightedSize().orElse(0);
    }
}
