package io.shoaldb.exec;

import io.shoaldb.catalog.model.ColumnDefinition;
import io.shoaldb.vector.type.DataType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The rows of a TPC-H-lineitem-like table covering every column type, with NULLs, generated from a seed: the
 * same rows for ShoalDB and for DuckDB. Shared with shoal-bench (this module's test jar), so the tests and the
 * benchmarks measure the same data.
 */
public final class LineitemRows {
    public static final List<ColumnDefinition> COLUMNS = List.of(
            col("l_orderkey", DataType.BIGINT, false),
            col("l_linenumber", DataType.INT, false),
            col("l_quantity", DataType.decimal(15, 2), false),
            col("l_extendedprice", DataType.decimal(15, 2), false),
            col("l_discount", DataType.decimal(15, 2), false),
            col("l_tax", DataType.DOUBLE, true),
            col("l_returnflag", DataType.charType(1), false),
            col("l_linestatus", DataType.varchar(1), false),
            col("l_shipdate", DataType.DATE, false),
            col("l_committs", DataType.datetime(0), true),
            col("l_shipmode", DataType.varchar(10), true),
            col("l_comment", DataType.STRING, true),
            col("l_flag", DataType.BOOLEAN, true),
            col("l_tiny", DataType.TINYINT, true),
            col("l_small", DataType.SMALLINT, true),
            col("l_large", DataType.LARGEINT, true),
            col("l_float", DataType.FLOAT, true),
            col("l_bigdec", DataType.decimal(30, 4), true));

    /** Column positions the benchmarks' check reads. */
    public static final int EXTENDED_PRICE = 3;
    public static final int SHIP_DATE = 8;

    public static final String DUCKDB_DDL = "CREATE TABLE lineitem (l_orderkey BIGINT, l_linenumber INTEGER,"
            + " l_quantity DECIMAL(15,2), l_extendedprice DECIMAL(15,2), l_discount DECIMAL(15,2), l_tax DOUBLE,"
            + " l_returnflag VARCHAR, l_linestatus VARCHAR, l_shipdate DATE, l_committs TIMESTAMP,"
            + " l_shipmode VARCHAR, l_comment VARCHAR, l_flag BOOLEAN, l_tiny TINYINT, l_small SMALLINT,"
            + " l_large HUGEINT, l_float FLOAT, l_bigdec DECIMAL(30,4))";

    private static final String[] MODES = {"AIR", "MAIL", "SHIP", "TRUCK", "RAIL", "FOB", "REG AIR"};
    private static final String[] WORDS = {"quick", "brown", "fox", "lazy", "dog", "carefully", "final",
        "deposits", "haggle", "furiously", "Pending", "ideas", "über", "ação"};
    private static final LocalDate EPOCH = LocalDate.of(1992, 1, 1);

    private LineitemRows() {
    }

    private static ColumnDefinition col(String name, DataType type, boolean nullable) {
        return new ColumnDefinition(name, type, nullable, null, null, null);
    }

    public static List<DataType> types() {
        return COLUMNS.stream().map(ColumnDefinition::type).toList();
    }

    public static List<Object[]> generate(int rows, long seed) {
        Random r = new Random(seed);
        List<Object[]> out = new ArrayList<>(rows);
        for (int i = 0; i < rows; i++) {
            LocalDate ship = EPOCH.plusDays(r.nextInt(2526));
            out.add(new Object[] {
                (long) (i / 4 + 1),
                i % 4 + 1,
                BigDecimal.valueOf(100 + r.nextInt(4901), 2),
                BigDecimal.valueOf(90_000 + r.nextInt(10_400_000), 2),
                BigDecimal.valueOf(r.nextInt(11), 2),
                r.nextInt(20) == 0 ? null : r.nextInt(9) / 100.0 + r.nextInt(1000) / 1e6,
                String.valueOf("RAN".charAt(r.nextInt(3))),
                String.valueOf("OF".charAt(r.nextInt(2))),
                ship,
                r.nextInt(30) == 0 ? null : ship.atStartOfDay().plusSeconds(r.nextInt(86_400 * 30)),
                r.nextInt(10) == 0 ? null : MODES[r.nextInt(MODES.length)],
                r.nextInt(15) == 0 ? null : WORDS[r.nextInt(WORDS.length)] + " " + WORDS[r.nextInt(WORDS.length)],
                r.nextInt(12) == 0 ? null : r.nextBoolean(),
                r.nextInt(8) == 0 ? null : (long) (r.nextInt(201) - 100),
                r.nextInt(8) == 0 ? null : (long) (r.nextInt(60_001) - 30_000),
                r.nextInt(8) == 0 ? null : BigInteger.valueOf(r.nextLong()).multiply(BigInteger.valueOf(1 + r.nextInt(1000))),
                r.nextInt(8) == 0 ? null : (float) (r.nextInt(2_000_000) - 1_000_000) / 64f,
                r.nextInt(8) == 0 ? null : BigDecimal.valueOf(r.nextLong(), 4).multiply(BigDecimal.valueOf(r.nextInt(1000))),
            });
        }
        return out;
    }

    /** One row as a CSV line for DuckDB's COPY ({@code \N} for NULL), without the newline. */
    public static String csvLine(Object[] row) {
        StringBuilder line = new StringBuilder(160);
        for (int c = 0; c < row.length; c++) {
            if (c > 0) {
                line.append(',');
            }
            Object v = row[c];
            line.append(v == null ? "\\N" : v instanceof LocalDateTime t ? t.toString().replace('T', ' ')
                    : v instanceof BigDecimal d ? d.toPlainString() : v.toString());
        }
        return line.toString();
    }
}
