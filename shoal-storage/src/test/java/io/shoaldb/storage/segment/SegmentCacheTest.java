package io.shoaldb.storage.segment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SegmentCacheTest {
    private static final List<DataType> TYPES = List.of(DataType.BIGINT, DataType.varchar(20), DataType.DATE,
            DataType.decimal(15, 2));
    @TempDir
    Path dir;

    private Path segment(String name, long seed) {
        List<Object[]> rows = TestRows.rows(TYPES, 1000, new Random(seed), 0.1, false);
        return TestRows.write(dir.resolve(name), TYPES, rows, SegmentWriterOptions.DEFAULT.withMaxPageRows(100), 250);
    }

    private static List<List<Object>> readAll(Path file, SegmentCache cache) {
        try (SegmentReader r = SegmentReader.open(TestRows.FILES, file, cache)) {
            return TestRows.drain(r.scan(TestRows.allColumns(TYPES.size()), ZoneMapPredicate.ALWAYS));
        }
    }

    @Test
    void aSecondScanTakesFooterAndPagesFromTheCacheAndSeesTheSameRows() {
        Path file = segment("a.seg", 1);
        SegmentCache cache = new SegmentCache(64L << 20);
        List<List<Object>> first = readAll(file, cache);
        assertThat(cache.hits()).isZero();
        assertThat(cache.misses()).isEqualTo(1 + 10 * TYPES.size()); // footer + every page of every column
        List<List<Object>> second = readAll(file, cache);
        assertThat(second).isEqualTo(first).isEqualTo(readAll(file, SegmentCache.NONE));
        assertThat(cache.hits()).isEqualTo(1 + 10 * TYPES.size());
        assertThat(cache.bytes()).isPositive().isLessThanOrEqualTo(cache.capacityBytes());
    }

    @Test
    void readersOfOneSegmentShareTheKeyItsPagesAreCachedUnderAndAnEqualKeyFindsThemToo() {
        SegmentCache cache = new SegmentCache(1L << 20);
        SegmentCache.SegmentKey first = new SegmentCache.SegmentKey("x", 1, 0, 10, 7);
        SegmentCache.SegmentKey second = new SegmentCache.SegmentKey("x", 1, 0, 10, 7);
        Footer footer = new Footer(1, 0, new int[0], List.of());
        assertThat(cache.putSegment(first, footer).key()).isSameAs(first);
        assertThat(cache.putSegment(second, footer).key()).isSameAs(first);
        assertThat(cache.segment(second).key()).isSameAs(first);
        ColumnVector page = VectorBuilder.create(DataType.BIGINT, 1).build();
        cache.putPage(first, 0, 3, page);
        assertThat(cache.page(second, 0, 3)).isSameAs(page);
        assertThat(cache.page(new SegmentCache.SegmentKey("x", 1, 0, 10, 8), 0, 3)).isNull();
    }

    @Test
    void theBudgetBoundsWhatIsKept() {
        Path file = segment("a.seg", 2);
        SegmentCache cache = new SegmentCache(16 * 4096); // a few pages per shard at most
        for (int i = 0; i < 3; i++) {
            assertThat(readAll(file, cache)).isEqualTo(readAll(file, SegmentCache.NONE));
            assertThat(cache.bytes()).isLessThanOrEqualTo(cache.capacityBytes());
        }
        assertThat(cache.evictions()).isPositive();
    }

    @Test
    void aSegmentScannedAgainAndAgainThatIsLargerThanTheBudgetKeepsAPartCachedInsteadOfEvictingEveryPage() {
        Path file = segment("a.seg", 7);
        SegmentCache cache = new SegmentCache(16 * 4096);
        readAll(file, cache);
        long held = cache.bytes();
        long hitsBefore = cache.hits();
        long missesBefore = cache.misses();
        for (int i = 0; i < 5; i++) {
            assertThat(readAll(file, cache)).isEqualTo(readAll(file, SegmentCache.NONE));
        }
        // Least recently used alone evicts each page before the cyclic scan comes back to it: no hit at all.
        assertThat(cache.hits() - hitsBefore).isPositive();
        assertThat(cache.misses() - missesBefore).isPositive(); // the rest does not fit
        assertThat(cache.bytes()).isGreaterThanOrEqualTo(held / 2).isLessThanOrEqualTo(cache.capacityBytes());
    }

    @Test
    void aPageReadOftenStaysCachedWhileAStreamOfPagesReadOncePassesThrough() {
        SegmentCache cache = new SegmentCache(16 * 1000);
        SegmentCache.SegmentKey segment = new SegmentCache.SegmentKey("x", 1, 0, 0, 0);
        ColumnVector page = VectorBuilder.create(DataType.BIGINT, 1).build();
        ColumnVector popular = VectorBuilder.create(DataType.BIGINT, 1).build();
        cache.putPage(segment, 1, 0, popular);
        int fill = 40; // about half the budget: nothing is evicted yet, and the cache starts counting uses
        for (int p = 0; p < fill; p++) {
            cache.putPage(segment, 0, p, page);
        }
        for (int i = 0; i < 8; i++) {
            assertThat(cache.page(segment, 1, 0)).isSameAs(popular);
        }
        assertThat(cache.evictions()).isZero();
        // Many times the budget of pages, each missed and added once: least recently used would drop the popular one.
        for (int p = fill; p < 400; p++) {
            assertThat(cache.page(segment, 0, p)).isNull();
            cache.putPage(segment, 0, p, page);
        }
        assertThat(cache.evictions()).isPositive();
        assertThat(cache.page(segment, 1, 0)).isSameAs(popular);
        assertThat(cache.bytes()).isLessThanOrEqualTo(cache.capacityBytes());
    }

    /** A footer of {@code columns} columns of {@code pages} pages, for the cache's own bookkeeping only. */
    private static Footer footer(int columns, int pages) {
        return new Footer(1, 0, new int[pages], java.util.Collections.nCopies(columns, new ColumnMeta(null, null, List.of())));
    }

    @Test
    void pagesOfACachedSegmentAreFoundInItsTableOnlyWhileTheCacheHoldsThem() {
        SegmentCache cache = new SegmentCache(16 * 1000);
        SegmentCache.SegmentKey segment = cache.putSegment(new SegmentCache.SegmentKey("x", 1, 0, 10, 7), footer(1, 400))
                .key();
        ColumnVector[] pages = new ColumnVector[400];
        for (int p = 0; p < pages.length; p++) {
            pages[p] = VectorBuilder.create(DataType.BIGINT, 1).build();
            cache.putPage(segment, 0, p, pages[p]);
        }
        assertThat(cache.evictions()).isPositive();
        long found = 0;
        for (int p = 0; p < pages.length; p++) {
            ColumnVector page = cache.page(segment, 0, p);
            if (page != null) {
                assertThat(page).isSameAs(pages[p]);
                found += page.retainedBytes();
            }
        }
        // an evicted page left in the table would be memory the budget does not see
        assertThat(found).isPositive().isLessThanOrEqualTo(cache.capacityBytes());
    }

    @Test
    void aPageOfACachedSegmentReadOftenStaysCachedWhileAStreamOfPagesReadOncePassesThrough() {
        SegmentCache cache = new SegmentCache(16 * 1000 + 8 * 2 * 400); // as above, plus the footer's page table
        SegmentCache.SegmentKey segment = cache.putSegment(new SegmentCache.SegmentKey("x", 1, 0, 10, 7), footer(2, 400))
                .key();
        ColumnVector page = VectorBuilder.create(DataType.BIGINT, 1).build();
        ColumnVector popular = VectorBuilder.create(DataType.BIGINT, 1).build();
        cache.putPage(segment, 1, 0, popular);
        int fill = 40;
        for (int p = 0; p < fill; p++) {
            cache.putPage(segment, 0, p, page);
        }
        for (int i = 0; i < 100; i++) { // past the hits the table passes on one by one
            assertThat(cache.page(segment, 1, 0)).isSameAs(popular);
        }
        assertThat(cache.evictions()).isZero();
        for (int p = fill; p < 400; p++) {
            assertThat(cache.page(segment, 0, p)).isNull();
            cache.putPage(segment, 0, p, page);
        }
        assertThat(cache.evictions()).isPositive();
        assertThat(cache.page(segment, 1, 0)).isSameAs(popular);
        assertThat(cache.bytes()).isLessThanOrEqualTo(cache.capacityBytes());
    }

    @Test
    void aDifferentFileAtTheSamePathIsNotServedFromTheCache() throws IOException {
        Path file = segment("a.seg", 3);
        SegmentCache cache = new SegmentCache(64L << 20);
        List<List<Object>> old = readAll(file, cache);
        Files.delete(file);
        segment("a.seg", 4);
        List<List<Object>> now = readAll(file, cache);
        assertThat(now).isNotEqualTo(old).isEqualTo(readAll(file, SegmentCache.NONE));
    }

    @Test
    void aCachedFooterStillChecksTheTrailerAndPagesStillCheckTheirBytesWhenNotCached() throws IOException {
        Path file = segment("a.seg", 5);
        SegmentCache cache = new SegmentCache(64L << 20);
        readAll(file, cache);
        byte[] bytes = Files.readAllBytes(file);
        bytes[bytes.length - 1] ^= 1; // trailer magic
        Files.write(file, bytes);
        assertThatThrownBy(() -> readAll(file, cache)).isInstanceOf(ShoalException.class)
                .extracting(e -> ((ShoalException) e).code()).isEqualTo(ErrorCode.CORRUPT_FILE);
    }

    @Test
    void aSegmentWhoseColumnZoneMapRulesThePredicateOutReadsNoPageAndIsCounted() {
        Path file = segment("a.seg", 6);
        ScanCounters counters = new ScanCounters();
        try (SegmentReader r = SegmentReader.open(TestRows.FILES, file)) {
            // DATE values of TestRows lie in years 1..9999, so nothing is below day -1,000,000.
            SegmentScanner s = r.scan(new int[] {0, 2},
                    ZoneMapPredicate.compare(2, ZoneMapPredicate.Op.LT, java.time.LocalDate.of(1, 1, 1)), counters);
            assertThat(s.next()).isNull();
            assertThat(s.segmentSkipped()).isTrue();
            assertThat(s.pagesRead()).isZero();
        }
        assertThat(counters.segmentsSkipped()).isEqualTo(1);
        assertThat(counters.pagesSkipped()).isEqualTo(10);
        assertThat(counters.pagesRead()).isZero();
    }
}
