package io.shoaldb.bench.ingest;

import io.shoaldb.bench.storage.LineitemBatches;
import io.shoaldb.ingest.convert.ConversionPolicy;
import io.shoaldb.ingest.convert.LoadSchema;
import io.shoaldb.ingest.convert.RowBatchAssembler;
import io.shoaldb.ingest.format.BatchReader;
import io.shoaldb.ingest.format.LoadOptions;
import io.shoaldb.ingest.format.RecordLimits;
import io.shoaldb.storage.segment.SegmentColumn;
import io.shoaldb.storage.tablet.KeysModel;
import io.shoaldb.storage.tablet.TabletSchema;
import io.shoaldb.vector.Batch;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The decoding half of a big Stream Load on one thread: the first {@code MB} megabytes (whole lines) of a TPC-H
 * lineitem file, '|'-separated, through the CSV reader and the row assembler of a Stream Load (non-strict) into
 * 4096-row batches, {@code ROUNDS} times; prints the thread CPU of each round and the median in ns per row and per
 * byte. It needs only the server's modules, so one compiled copy runs against either build's jars:
 * {@code java -cp shoal-bench/target/classes:BUILD/shoal-server/target/lib/* io.shoaldb.bench.ingest.LineitemDecodeCpu
 * FILE [MB] [ROUNDS]}.
 */
public final class LineitemDecodeCpu {
    private LineitemDecodeCpu() {
    }

    public static void main(String[] args) throws IOException {
        byte[] data = wholeLines(Path.of(args[0]), args.length > 1 ? Integer.parseInt(args[1]) : 40);
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 30;
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        List<Long> cpu = new ArrayList<>();
        long rows = 0;
        for (int r = 0; r < rounds; r++) {
            long t0 = threads.getCurrentThreadCpuTime();
            rows = decode(data);
            long ns = threads.getCurrentThreadCpuTime() - t0;
            cpu.add(ns);
            System.out.printf(Locale.ROOT, "round=%d cpu_ms=%.1f%n", r, ns / 1e6);
        }
        List<Long> last = new ArrayList<>(cpu.subList(rounds / 2, rounds)); // the second half: compiled code
        Collections.sort(last);
        long median = last.get(last.size() / 2);
        System.out.printf(Locale.ROOT, "DECODE bytes=%d rows=%d median_cpu_ms=%.1f ns_per_row=%.1f ns_per_byte=%.2f"
                + " (median of rounds %d-%d)%n", data.length, rows, median / 1e6, (double) median / rows,
                (double) median / data.length, rounds / 2, rounds - 1);
    }

    private static byte[] wholeLines(Path file, int megabytes) throws IOException {
        byte[] head;
        try (InputStream in = Files.newInputStream(file)) {
            head = in.readNBytes(megabytes << 20);
        }
        int end = head.length;
        while (end > 0 && head[end - 1] != '\n') {
            end--;
        }
        return Arrays.copyOf(head, end);
    }

    private static long decode(byte[] data) throws IOException {
        LoadOptions options = LoadOptions.parse(Map.of("column_separator", "|"));
        RowBatchAssembler assembler = new RowBatchAssembler(schema(), options.columns(),
                ConversionPolicy.streamLoad(false), 4096, 8L << 20, 1000);
        long rows = 0;
        try (BatchReader reader = BatchReader.open(new ByteArrayInputStream(data), data.length, options, assembler,
                RecordLimits.DEFAULTS)) {
            for (Batch b = reader.next(); b != null; b = reader.next()) {
                rows += b.rowCount();
            }
        }
        if (assembler.counters().filtered() != 0) {
            throw new IllegalStateException(assembler.counters().filtered() + " rows filtered");
        }
        return rows;
    }

    private static LoadSchema schema() {
        List<SegmentColumn> columns = LineitemBatches.columns();
        TabletSchema tablet = new TabletSchema(columns, 1, KeysModel.DUPLICATE, null, -1,
                Collections.nCopies(columns.size(), null));
        return new LoadSchema(tablet, LineitemBatches.NAMES, Collections.nCopies(columns.size(), false));
    }
}
