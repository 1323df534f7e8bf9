package io.shoaldb.tools;

import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.storage.rowset.SegmentFiles;
import io.shoaldb.storage.segment.SegmentReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * How a data directory's segments are cut into pages, per table: files, rows, pages and the distribution of rows
 * per page, read from the segment footers only (no page is decoded). A scan hands operators one batch per page,
 * so rows per page is also the batch size a scan of that table produces. Tables are named by their catalog id
 * (the directory {@code data/p<partition>/<table id>/<tablet id>/}). Reads a stopped server's directory, or a
 * running one's: a segment being written or compacted away while the tool runs is skipped and counted.
 */
@Command(name = "segment-pages", mixinStandardHelpOptions = true,
        description = "rows per page of the segments under a data directory, per table")
public final class SegmentPages implements Callable<Integer> {
    @Parameters(index = "0", description = "the server's data directory (or any directory holding .seg files)")
    Path dir;

    public static void main(String[] args) {
        System.exit(new CommandLine(new SegmentPages()).execute(args));
    }

    @Override
    public Integer call() throws IOException {
        Map<String, List<Integer>> pageRowsByTable = new TreeMap<>();
        Map<String, long[]> filesAndRows = new TreeMap<>();
        LocalFiles files = new LocalFiles();
        int unreadable = 0;
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path seg : walk.filter(p -> p.getFileName().toString().endsWith(SegmentFiles.SUFFIX)).toList()) {
                String table = seg.getParent().getParent().getFileName().toString();
                SegmentReader reader;
                try {
                    reader = SegmentReader.open(files, seg);
                } catch (RuntimeException e) {
                    // a running server's segment still being written (no trailer yet) or just removed
                    unreadable++;
                    continue;
                }
                try (reader) {
                    List<Integer> rows = pageRowsByTable.computeIfAbsent(table, t -> new ArrayList<>());
                    for (int p = 0; p < reader.pageCount(); p++) {
                        rows.add(reader.pageRowCount(p));
                    }
                    long[] totals = filesAndRows.computeIfAbsent(table, t -> new long[2]);
                    totals[0]++;
                    totals[1] += reader.rowCount();
                }
            }
        }
        System.out.printf("%-8s %7s %12s %9s %9s %9s %9s %9s%n",
                "table", "files", "rows", "pages", "min", "median", "mean", "max");
        for (var e : pageRowsByTable.entrySet()) {
            int[] rows = e.getValue().stream().mapToInt(Integer::intValue).sorted().toArray();
            long[] totals = filesAndRows.get(e.getKey());
            if (rows.length == 0) {
                continue;
            }
            System.out.printf("%-8s %7d %12d %9d %9d %9d %9.0f %9d%n", e.getKey(), totals[0], totals[1], rows.length,
                    rows[0], rows[rows.length / 2], Arrays.stream(rows).average().orElse(0), rows[rows.length - 1]);
        }
        if (unreadable > 0) {
            System.out.println(unreadable + " segment files skipped: being written, or removed, by a running server");
        }
        return 0;
    }
}
