package io.shoaldb.storage.segment;

import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.type.DataType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/** Random rows of every type (with extremes, nulls, empty strings) and segment write/read helpers. */
final class TestRows {
    static final LocalFiles FILES = new LocalFiles();
    static final List<DataType> ALL_TYPES = List.of(DataType.BOOLEAN, DataType.TINYINT, DataType.SMALLINT,
            DataType.INT, DataType.BIGINT, DataType.LARGEINT, DataType.FLOAT, DataType.DOUBLE,
            DataType.decimal(9, 2), DataType.decimal(18, 4), DataType.decimal(38, 10), DataType.DATE,
            DataType.datetime(6), DataType.charType(10), DataType.varchar(100), DataType.STRING, DataType.JSON);
    private static final long MIN_DAY = LocalDate.of(1, 1, 1).toEpochDay();
    private static final long MAX_DAY = LocalDate.of(9999, 12, 31).toEpochDay();

    private TestRows() {
    }

    static List<SegmentColumn> columns(List<DataType> types) {
        List<SegmentColumn> cols = new ArrayList<>();
        for (int i = 0; i < types.size(); i++) {
            cols.add(new SegmentColumn(100 + i, types.get(i)));
        }
        return cols;
    }

    /** A random value; {@code lowCardinality} draws from a handful of values so dictionaries and runs appear. */
    static Object value(DataType t, Random rnd, double nullRatio, boolean lowCardinality) {
        if (rnd.nextDouble() < nullRatio) {
            return null;
        }
        if (lowCardinality) {
            rnd = new Random(rnd.nextInt(4));
        }
        boolean extreme = rnd.nextInt(20) == 0;
        return switch (t.id()) {
            case BOOLEAN -> rnd.nextBoolean();
            case TINYINT -> extreme ? (rnd.nextBoolean() ? -128L : 127L) : (long) (rnd.nextInt(256) - 128);
            case SMALLINT -> extreme ? (rnd.nextBoolean() ? -32768L : 32767L) : (long) (rnd.nextInt(2000) - 1000);
            case INT -> extreme ? (rnd.nextBoolean() ? (long) Integer.MIN_VALUE : Integer.MAX_VALUE)
                    : (long) rnd.nextInt(100_000);
            case BIGINT -> extreme ? (rnd.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE) : rnd.nextLong() >> rnd.nextInt(64);
            case LARGEINT -> extreme ? (rnd.nextBoolean() ? BigInteger.ONE.shiftLeft(127).negate()
                    : BigInteger.ONE.shiftLeft(127).subtract(BigInteger.ONE))
                    : new BigInteger(rnd.nextInt(127) + 1, rnd).multiply(BigInteger.valueOf(rnd.nextBoolean() ? 1 : -1));
            case FLOAT -> extreme ? pick(rnd, Float.NaN, Float.NEGATIVE_INFINITY, Float.MAX_VALUE, -0.0f, Float.MIN_VALUE)
                    : rnd.nextFloat() * 1000 - 500;
            case DOUBLE -> extreme ? pick(rnd, Double.NaN, Double.POSITIVE_INFINITY, -Double.MAX_VALUE, -0.0, Double.MIN_VALUE)
                    : rnd.nextGaussian() * 1e6;
            case DECIMAL -> {
                BigInteger bound = BigInteger.TEN.pow(t.precision());
                BigInteger unscaled = extreme ? bound.subtract(BigInteger.ONE)
                        : new BigInteger(bound.bitLength() + 8, rnd).mod(bound);
                yield new BigDecimal(rnd.nextBoolean() ? unscaled : unscaled.negate(), t.scale());
            }
            case DATE -> LocalDate.ofEpochDay(extreme ? (rnd.nextBoolean() ? MIN_DAY : MAX_DAY)
                    : 18_000 + rnd.nextInt(3000));
            case DATETIME -> {
                long seconds = extreme ? (rnd.nextBoolean() ? MIN_DAY : MAX_DAY) * 86_400
                        : 1_600_000_000L + rnd.nextInt(100_000_000);
                yield LocalDateTime.ofEpochSecond(seconds, rnd.nextInt(1_000_000) * 1000, ZoneOffset.UTC);
            }
            case CHAR, VARCHAR, STRING, JSON -> string(rnd, t.id() == io.shoaldb.vector.type.TypeId.CHAR ? 10 : 60);
        };
    }

    @SafeVarargs
    private static <T> T pick(Random rnd, T... options) {
        return options[rnd.nextInt(options.length)];
    }

    private static String string(Random rnd, int maxLen) {
        int len = rnd.nextInt(5) == 0 ? 0 : rnd.nextInt(maxLen);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < len; i++) {
            int kind = rnd.nextInt(10);
            sb.append(kind < 7 ? (char) ('a' + rnd.nextInt(26)) : kind < 9 ? (char) (0xE0 + rnd.nextInt(30)) : "語");
        }
        return sb.toString();
    }

    static List<Object[]> rows(List<DataType> types, int n, Random rnd, double nullRatio, boolean lowCardinality) {
        List<Object[]> rows = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Object[] row = new Object[types.size()];
            for (int c = 0; c < row.length; c++) {
                row[c] = value(types.get(c), rnd, nullRatio, lowCardinality);
            }
            rows.add(row);
        }
        return rows;
    }

    /** Writes {@code rows} in batches of {@code batchRows}. */
    static Path write(Path file, List<DataType> types, List<Object[]> rows, SegmentWriterOptions options, int batchRows) {
        try (SegmentWriter w = SegmentWriter.create(FILES, file, columns(types), options)) {
            for (int from = 0; from < rows.size(); from += batchRows) {
                BatchBuilder b = new BatchBuilder(types);
                for (Object[] row : rows.subList(from, Math.min(rows.size(), from + batchRows))) {
                    b.appendRow(row);
                }
                w.append(b.build());
            }
            w.finish();
        }
        return file;
    }

    static List<List<Object>> readAll(Path file, int[] columns, ZoneMapPredicate predicate) {
        try (SegmentReader r = SegmentReader.open(FILES, file)) {
            return drain(r.scan(columns, predicate));
        }
    }

    static List<List<Object>> drain(SegmentScanner scanner) {
        List<List<Object>> out = new ArrayList<>();
        for (Batch b = scanner.next(); b != null; b = scanner.next()) {
            for (int i = 0; i < b.positionCount(); i++) {
                List<Object> row = new ArrayList<>(b.columnCount());
                for (int c = 0; c < b.columnCount(); c++) {
                    row.add(b.getObject(i, c));
                }
                out.add(row);
            }
        }
        return out;
    }

    static List<List<Object>> project(List<Object[]> rows, int[] columns) {
        List<List<Object>> out = new ArrayList<>(rows.size());
        for (Object[] row : rows) {
            List<Object> r = new ArrayList<>();
            for (int c : columns) {
                r.add(row[c]);
            }
            out.add(r);
        }
        return out;
    }

    static int[] allColumns(int n) {
        return java.util.stream.IntStream.range(0, n).toArray();
    }

    static String describe(Object[] row) {
        return Arrays.toString(row);
    }
}
