package io.shoaldb.storage.segment;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.vector.type.DataType;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the writer cuts pages: every column's pages end together, so the widest column sets everyone's page size. */
class PageSizePolicyTest {
    /** A lineitem-like row: key, price, date and a comment of 10-43 characters (TPC-H's l_comment averages ~27). */
    private static final List<DataType> TYPES = List.of(DataType.BIGINT, DataType.decimal(15, 2), DataType.DATE,
            DataType.varchar(44));
    private static final int ROWS = 20_000;
    /** The bound every segment was written with before pages grew: 64 KB of any one column's values. */
    private static final SegmentWriterOptions SMALL_PAGES = SegmentWriterOptions.DEFAULT.withTargetPageBytes(64 << 10);

    @TempDir
    Path dir;

    @Test
    void aCommentColumnNoLongerCutsEveryColumnsPagesShort() {
        Path file = TestRows.write(dir.resolve("d.seg"), TYPES, rows(), SegmentWriterOptions.DEFAULT, 1024);
        assertThat(pageRows(file)).containsExactly(8192, 8192, ROWS - 2 * 8192);
    }

    @Test
    void withTheOldBoundTheCommentColumnCutsPagesAtAFewThousandRows() {
        Path file = TestRows.write(dir.resolve("s.seg"), TYPES, rows(), SMALL_PAGES, 1024);
        List<Integer> pageRows = pageRows(file);
        assertThat(pageRows.size()).isGreaterThanOrEqualTo(8);
        assertThat(pageRows.subList(0, pageRows.size() - 1)).allSatisfy(r -> assertThat(r).isBetween(1500, 3000));
    }

    @Test
    void segmentsWrittenWithSmallPagesReadBackWhole() {
        List<Object[]> rows = rows();
        Path file = TestRows.write(dir.resolve("o.seg"), TYPES, rows, SMALL_PAGES, 1024);
        int[] all = TestRows.allColumns(TYPES.size());
        assertThat(TestRows.readAll(file, all, ZoneMapPredicate.ALWAYS)).isEqualTo(TestRows.project(rows, all));
    }

    @Test
    void veryWideValuesStillCutPagesByBytes() {
        List<DataType> types = List.of(DataType.BIGINT, DataType.STRING);
        List<Object[]> rows = new ArrayList<>();
        String wide = "x".repeat(4000);
        for (int i = 0; i < 1000; i++) {
            rows.add(new Object[] {(long) i, wide});
        }
        Path file = TestRows.write(dir.resolve("w.seg"), types, rows, SegmentWriterOptions.DEFAULT, 100);
        // 1 MB of 4,004-byte values: cut at the first 256-row check past 262 rows
        assertThat(pageRows(file)).allSatisfy(r -> assertThat(r).isLessThanOrEqualTo(512));
        assertThat(pageRows(file).size()).isGreaterThanOrEqualTo(2);
    }

    private static List<Object[]> rows() {
        Random rnd = new Random(10);
        List<Object[]> rows = new ArrayList<>(ROWS);
        for (int i = 0; i < ROWS; i++) {
            StringBuilder comment = new StringBuilder();
            for (int n = 10 + rnd.nextInt(34); n > 0; n--) {
                comment.append((char) ('a' + rnd.nextInt(26)));
            }
            rows.add(new Object[] {(long) i, BigDecimal.valueOf(rnd.nextInt(10_000_000), 2),
                    LocalDate.of(1992, 1, 1).plusDays(rnd.nextInt(2500)), comment.toString()});
        }
        return rows;
    }

    private static List<Integer> pageRows(Path file) {
        try (SegmentReader r = SegmentReader.open(TestRows.FILES, file)) {
            List<Integer> rows = new ArrayList<>();
            for (int p = 0; p < r.pageCount(); p++) {
                rows.add(r.pageRowCount(p));
            }
            return rows;
        }
    }
}
