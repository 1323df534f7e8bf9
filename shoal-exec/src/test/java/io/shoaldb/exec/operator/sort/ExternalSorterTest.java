package io.shoaldb.exec.operator.sort;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.exec.operator.Operator;
import io.shoaldb.exec.spill.QuerySpill;
import io.shoaldb.exec.spill.SpillSettings;
import io.shoaldb.exec.task.QueryMemory;
import io.shoaldb.sql.planner.physical.SortKey;
import io.shoaldb.storage.spill.QuerySpillFiles;
import io.shoaldb.storage.spill.SpillSpace;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.type.DataType;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.LongConsumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The external sort against a sort in memory, on generated rows with NULLs, duplicates and a skewed key: spilled
 * after every few rows (many runs, so merge passes), after larger buffers, and not at all must give the same rows
 * in the same order (ties keep their input order when one merge suffices, so the rows carry their input position
 * as the last key to make the order total either way). Runs are deleted once read.
 */
class ExternalSorterTest {
    private static final List<DataType> TYPES = List.of(DataType.INT, DataType.varchar(20), DataType.decimal(18, 3),
            DataType.DOUBLE, DataType.BIGINT);

    @TempDir
    Path dir;

    @Test
    void manyTinyRunsMergeInPassesToTheSameOrder() {
        List<SortKey> keys = List.of(new SortKey(0, true, true), new SortKey(1, false, false),
                new SortKey(2, true, false), new SortKey(4, true, true));
        check(keys, 20_000, 97, forced(1), runs -> assertThat(runs).isGreaterThan(ExternalSorter.MERGE_FAN_IN * 4));
    }

    @Test
    void aFewLargeRunsMergeOnce() {
        List<SortKey> keys = List.of(new SortKey(3, false, true), new SortKey(1, true, true), new SortKey(4, true, true));
        check(keys, 30_000, 1000, forced(64 << 10),
                runs -> assertThat(runs).isBetween(2L, (long) ExternalSorter.MERGE_FAN_IN));
    }

    @Test
    void withoutSpillEverythingStaysInMemory() {
        List<SortKey> keys = List.of(new SortKey(1, true, false), new SortKey(4, false, true));
        check(keys, 5_000, 300, forced(Long.MAX_VALUE), runs -> assertThat(runs).isZero());
    }

    /**
     * Under a small exec_mem_limit (1 MB over four drivers: a share of 128 KB) the rows of a batch handed out, and
     * the pages a merge holds one per run, are cut to fit the share: a window's chunks, cut at batch granularity,
     * and four drivers merging at once stay under the limit, where 4,096-row batches took several shares each.
     */
    @Test
    void underASmallLimitTheMergeHoldsAboutItsShare() {
        List<SortKey> keys = List.of(new SortKey(2, true, true), new SortKey(4, true, true));
        long limit = 1L << 20;
        long share = limit / 2 / 4;
        check(keys, 30_000, 1000, spill -> new QuerySpill(SpillSettings.DEFAULT, new QueryMemory(limit), limit, 4, spill),
                runs -> assertThat(runs).isGreaterThan(4L), 4096, (batch, sorter) -> {
                    assertThat(batch.retainedBytes()).isLessThan(share / 4);
                    assertThat(sorter.retainedBytes()).isLessThan(share * 5 / 4);
                });
    }

    private static Function<QuerySpillFiles, QuerySpill> forced(long minRevocable) {
        return files -> new QuerySpill(new SpillSettings(true, true, minRevocable), new QueryMemory(0), 0, 1, files);
    }

    private void check(List<SortKey> keys, int rows, int batchRows,
                       Function<QuerySpillFiles, QuerySpill> spilling,
                       LongConsumer runsCheck) {
        check(keys, rows, batchRows, spilling, runsCheck, 1024, (batch, sorter) -> {
            assertThat(batch.positionCount()).isBetween(1, 1024);
            assertThat(sorter.retainedBytes()).isLessThan(8L << 20);
        });
    }

    private void check(List<SortKey> keys, int rows, int batchRows,
                       Function<QuerySpillFiles, QuerySpill> spilling,
                       LongConsumer runsCheck, int sorterBatchRows,
                       BiConsumer<Batch, ExternalSorter> eachBatch) {
        List<Object[]> input = generate(rows, 7);
        SpillSpace space = SpillSpace.open(new LocalFiles(), List.of(dir.resolve("a"), dir.resolve("b")));
        try (QuerySpill spill = spilling.apply(space.forQuery(1))) {
            ExternalSorter sorter = new ExternalSorter(TYPES, keys, spill, sorterBatchRows);
            for (int from = 0; from < rows; from += batchRows) {
                BatchBuilder b = new BatchBuilder(TYPES, batchRows);
                input.subList(from, Math.min(rows, from + batchRows)).forEach(b::appendRow);
                sorter.add(b.build());
            }
            List<Object[]> out = new ArrayList<>();
            if (sorter.spilled()) {
                for (Batch b = sorter.next(); b != null; b = sorter.next()) {
                    if (b == Operator.YIELD) {
                        continue;
                    }
                    eachBatch.accept(b, sorter);
                    collect(b, out);
                }
            } else {
                Batch all = sorter.takeBuffered();
                int[] order = new io.shoaldb.exec.operator.RowComparator(all, keys).sortedRows(all.rowCount());
                collect(all.withSelection(order, order.length).compact(), out);
            }
            sorter.close();
            runsCheck.accept(sorter.runsWritten());
            assertThat(out).hasSize(rows);
            List<Object[]> expected = new ArrayList<>(input);
            expected.sort(comparator(keys));
            for (int i = 0; i < rows; i++) {
                Object[] want = expected.get(i).clone();
                want[0] = want[0] == null ? null : ((Integer) want[0]).longValue(); // INT reads back as a long
                assertThat(out.get(i)).as("row %d", i).containsExactly(want);
            }
            assertThat(space.counters().bytesOnDisk()).isZero();
        }
        for (Path d : space.directories()) {
            try (Stream<Path> left = Files.walk(d)) {
                assertThat(left.filter(Files::isRegularFile)).isEmpty();
            } catch (java.io.IOException e) {
                throw new AssertionError(e);
            }
        }
    }

    private static void collect(Batch b, List<Object[]> out) {
        for (int r = 0; r < b.positionCount(); r++) {
            Object[] row = new Object[b.columnCount()];
            for (int c = 0; c < row.length; c++) {
                row[c] = b.getObject(r, c);
            }
            out.add(row);
        }
    }

    /** Rows with a skewed INT key (half the rows 0), NULLs in every column but the last (the row's position). */
    private static List<Object[]> generate(int rows, long seed) {
        Random random = new Random(seed);
        List<Object[]> out = new ArrayList<>(rows);
        for (int i = 0; i < rows; i++) {
            Integer skewed = random.nextInt(10) == 0 ? null : random.nextBoolean() ? 0 : random.nextInt(50);
            String text = random.nextInt(8) == 0 ? null : "s" + random.nextInt(200);
            BigDecimal dec = random.nextInt(8) == 0 ? null
                    : BigDecimal.valueOf(random.nextInt(2_000_000) - 1_000_000, 3);
            Double d = random.nextInt(8) == 0 ? null : (double) (random.nextInt(100) - 50) / 4;
            out.add(new Object[] {skewed, text, dec, d, (long) i});
        }
        return out;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Comparator<Object[]> comparator(List<SortKey> keys) {
        return (a, b) -> {
            for (SortKey k : keys) {
                Comparable x = (Comparable) a[k.column()];
                Comparable y = (Comparable) b[k.column()];
                int c;
                if (x == null || y == null) {
                    c = x == y ? 0 : (x == null) == k.nullsFirst() ? -1 : 1;
                } else {
                    c = x.compareTo(y);
                    if (!k.ascending()) {
                        c = -c;
                    }
                }
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        };
    }
}
