package io.shoaldb.bench.exec;

import io.shoaldb.exec.LineitemRows;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.type.DataType;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;

/**
 * A TPC-H-lineitem-like table covering every column type, with NULLs, generated from seeds in chunks, the same
 * rows for ShoalDB and for DuckDB (through a CSV file): shoal-exec's test fixture {@link LineitemRows}.
 * {@link #load} also computes the answer of {@link #SQL} so both benchmarks check their engine once.
 */
final class Lineitem {
    /** The TPC-H Q1-like scan + aggregate that both benchmarks run. */
    static final String SQL = "SELECT sum(l_extendedprice), count(*) FROM lineitem WHERE l_shipdate < '1998-09-02'";
    private static final LocalDate CUTOFF = LocalDate.of(1998, 9, 2);
    private static final int CHUNK = 250_000;

    /** The expected answer of {@link #SQL}. */
    record Answer(BigDecimal sum, long count) {
        /** Checks a result row {@code [sum, count]} from either engine. */
        void check(String engine, List<List<Object>> rows) {
            if (rows.size() != 1 || rows.get(0).size() != 2
                    || new BigDecimal(rows.get(0).get(0).toString()).compareTo(sum) != 0
                    || ((Number) rows.get(0).get(1)).longValue() != count) {
                throw new IllegalStateException(engine + " answered " + rows + ", expected [[" + sum + ", " + count + "]]");
            }
        }
    }

    /** Where the generated chunks go. */
    interface Sink {
        void accept(List<Object[]> rows) throws IOException;
    }

    private Lineitem() {
    }

    static List<DataType> types() {
        return LineitemRows.types();
    }

    /** Generates {@code rows} rows in chunks of 250,000 (seeds 1, 2, ...) into the sink; returns the answer. */
    static Answer generate(int rows, Sink sink) {
        BigDecimal sum = BigDecimal.ZERO;
        long count = 0;
        try {
            for (int from = 0, seed = 1; from < rows; from += CHUNK, seed++) {
                List<Object[]> chunk = LineitemRows.generate(Math.min(CHUNK, rows - from), seed);
                for (Object[] row : chunk) {
                    if (((LocalDate) row[LineitemRows.SHIP_DATE]).isBefore(CUTOFF)) {
                        sum = sum.add((BigDecimal) row[LineitemRows.EXTENDED_PRICE]);
                        count++;
                    }
                }
                sink.accept(chunk);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Answer(sum, count);
    }

    /** Loads the rows into the database, one transaction per chunk (so several rowsets per tablet). */
    static Answer load(BenchDatabase db, int rows) {
        List<DataType> types = types();
        return generate(rows, chunk -> {
            BatchBuilder b = new BatchBuilder(types, chunk.size());
            for (Object[] row : chunk) {
                b.appendRow(row);
            }
            db.load("lineitem", b.build());
        });
    }

    /** Writes the rows as CSV ({@code \N} for NULL) for DuckDB's COPY. */
    static Answer writeCsv(Path csv, int rows) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(csv)) {
            return generate(rows, chunk -> {
                for (Object[] row : chunk) {
                    w.write(LineitemRows.csvLine(row));
                    w.write('\n');
                }
            });
        }
    }
}
