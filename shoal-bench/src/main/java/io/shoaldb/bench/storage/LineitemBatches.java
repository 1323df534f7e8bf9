package io.shoaldb.bench.storage;

import io.shoaldb.storage.segment.SegmentColumn;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.BytesVectorBuilder;
import io.shoaldb.vector.IntVectorBuilder;
import io.shoaldb.vector.LongVectorBuilder;
import io.shoaldb.vector.type.DataType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * TPC-H lineitem-shaped rows (16 columns: keys, DECIMAL(15,2) money, flags, dates, short strings and a
 * comment) as 4096-row batches, from a seed. Moved here from shoal-storage's former LineitemThroughputTest.
 */
public final class LineitemBatches {
    public static final List<DataType> TYPES = List.of(DataType.BIGINT, DataType.INT, DataType.INT, DataType.INT,
            DataType.decimal(15, 2), DataType.decimal(15, 2), DataType.decimal(15, 2), DataType.decimal(15, 2),
            DataType.charType(1), DataType.charType(1), DataType.DATE, DataType.DATE, DataType.DATE,
            DataType.charType(25), DataType.charType(10), DataType.varchar(44));
    public static final List<String> NAMES = List.of("l_orderkey", "l_partkey", "l_suppkey", "l_linenumber",
            "l_quantity", "l_extendedprice", "l_discount", "l_tax", "l_returnflag", "l_linestatus", "l_shipdate",
            "l_commitdate", "l_receiptdate", "l_shipinstruct", "l_shipmode", "l_comment");
    private static final String[] INSTRUCT = {"DELIVER IN PERSON", "COLLECT COD", "NONE", "TAKE BACK RETURN"};
    private static final String[] MODES = {"REG AIR", "AIR", "RAIL", "SHIP", "TRUCK", "MAIL", "FOB"};
    private static final String[] WORDS = {"furiously", "quickly", "carefully", "blithely", "deposits", "requests",
        "packages", "accounts", "ironic", "final", "regular", "express", "pending", "bold", "slyly", "even"};

    private LineitemBatches() {
    }

    public static List<SegmentColumn> columns() {
        List<SegmentColumn> cols = new ArrayList<>();
        for (int i = 0; i < TYPES.size(); i++) {
            cols.add(new SegmentColumn(100 + i, TYPES.get(i)));
        }
        return cols;
    }

    public static int[] allColumns() {
        return java.util.stream.IntStream.range(0, TYPES.size()).toArray();
    }

    public static List<Batch> generate(int rows, Random rnd) {
        List<Batch> out = new ArrayList<>();
        BatchBuilder b = new BatchBuilder(TYPES, 4096);
        long order = 1;
        int line = 0;
        for (int i = 0; i < rows; i++) {
            if (line == 0 || rnd.nextInt(4) == 0) {
                order += 1 + rnd.nextInt(3);
                line = 0;
            }
            line++;
            ((LongVectorBuilder) b.column(0)).appendLong(order);
            ((IntVectorBuilder) b.column(1)).appendInt(1 + rnd.nextInt(200_000));
            ((IntVectorBuilder) b.column(2)).appendInt(1 + rnd.nextInt(10_000));
            ((IntVectorBuilder) b.column(3)).appendInt(line);
            long qty = 1 + rnd.nextInt(50);
            ((LongVectorBuilder) b.column(4)).appendLong(qty * 100);
            ((LongVectorBuilder) b.column(5)).appendLong(qty * (90_000 + rnd.nextInt(100_000)));
            ((LongVectorBuilder) b.column(6)).appendLong(rnd.nextInt(11));
            ((LongVectorBuilder) b.column(7)).appendLong(rnd.nextInt(9));
            str(b, 8, rnd.nextBoolean() ? "N" : rnd.nextBoolean() ? "R" : "A");
            str(b, 9, rnd.nextBoolean() ? "O" : "F");
            int ship = 8036 + rnd.nextInt(2500);
            ((IntVectorBuilder) b.column(10)).appendInt(ship);
            ((IntVectorBuilder) b.column(11)).appendInt(ship + rnd.nextInt(60) - 30);
            ((IntVectorBuilder) b.column(12)).appendInt(ship + 1 + rnd.nextInt(30));
            str(b, 13, INSTRUCT[rnd.nextInt(INSTRUCT.length)]);
            str(b, 14, MODES[rnd.nextInt(MODES.length)]);
            StringBuilder comment = new StringBuilder();
            int words = 2 + rnd.nextInt(5);
            for (int w = 0; w < words; w++) {
                comment.append(w == 0 ? "" : " ").append(WORDS[rnd.nextInt(WORDS.length)]);
            }
            str(b, 15, comment.toString());
            if (b.rowCount() == 4096) {
                out.add(b.build());
            }
        }
        if (b.rowCount() > 0) {
            out.add(b.build());
        }
        return out;
    }

    private static void str(BatchBuilder b, int column, String s) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        ((BytesVectorBuilder) b.column(column)).appendBytes(bytes, 0, bytes.length);
    }
}
