package io.shoaldb.bench.ingest;

import io.shoaldb.ingest.convert.TypedRow;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Random;

/**
 * The parameters of one execution of the seed's JDBC program (bench/insert.sh batch: 16 lineitem values per row, as
 * LoadDriver binds them), laid out as a COM_STMT_EXECUTE carries them: integers as numbers, decimals and strings as
 * bytes of one buffer, dates as day numbers. A {@link TypedRow} positioned on one row at a time; {@link #object} makes
 * the object the protocol decoded each value to before it could hand them over in this form.
 */
final class LineitemParameters implements TypedRow {
    private static final String[] INSTRUCT = {"DELIVER IN PERSON", "COLLECT COD", "NONE", "TAKE BACK RETURN"};
    private static final String[] MODES = {"REG AIR", "AIR", "RAIL", "SHIP", "TRUCK", "MAIL", "FOB"};
    private static final Form[] FORMS = {Form.LONG, Form.LONG, Form.LONG, Form.LONG, Form.DECIMAL_TEXT,
        Form.DECIMAL_TEXT, Form.DECIMAL_TEXT, Form.DECIMAL_TEXT, Form.TEXT, Form.TEXT, Form.EPOCH_DAY, Form.EPOCH_DAY,
        Form.EPOCH_DAY, Form.TEXT, Form.TEXT, Form.TEXT};

    private final byte[] buffer;
    private final long[] longs;
    private final int[] offsets;
    private final int[] lengths;
    private final int rows;
    private int base;

    LineitemParameters(int rows) {
        this.rows = rows;
        longs = new long[rows * 16];
        offsets = new int[rows * 16];
        lengths = new int[rows * 16];
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Random random = new Random(42);
        for (int r = 0; r < rows; r++) {
            long h = random.nextLong();
            long q = Math.floorMod(h, 50) + 1;
            int v = r * 16;
            longs[v] = r >> 2;
            longs[v + 1] = Math.floorMod(h >>> 3, 200000) + 1;
            longs[v + 2] = Math.floorMod(h >>> 5, 10000) + 1;
            longs[v + 3] = (r & 3) + 1;
            String[] texts = {BigDecimal.valueOf(q).toPlainString(),
                BigDecimal.valueOf(q * (90000L + Math.floorMod(h >>> 17, 100000)), 2).toPlainString(),
                BigDecimal.valueOf(Math.floorMod(h >>> 19, 11), 2).toPlainString(),
                BigDecimal.valueOf(Math.floorMod(h >>> 23, 9), 2).toPlainString(), (h & 1) == 0 ? "N" : "R",
                (h & 2) == 0 ? "O" : "F", null, null, null, INSTRUCT[(int) Math.floorMod(h >>> 31, 4)],
                MODES[(int) Math.floorMod(h >>> 37, 7)], "carefully final deposits " + Long.toHexString(h)};
            for (int f = 4; f < 16; f++) {
                if (texts[f - 4] == null) {
                    longs[v + f] = 9000 + Math.floorMod(h >>> (f * 3), 2500);
                    continue;
                }
                byte[] bytes = texts[f - 4].getBytes(StandardCharsets.UTF_8);
                out.write(bytes.length); // the length byte before each value, as in the packet
                offsets[v + f] = out.size();
                lengths[v + f] = bytes.length;
                out.writeBytes(bytes);
            }
        }
        buffer = out.toByteArray();
    }

    int rows() {
        return rows;
    }

    /** Positions this row on row {@code r}. */
    void row(int r) {
        base = r * 16;
    }

    @Override
    public int fieldCount() {
        return 16;
    }

    @Override
    public Form form(int field) {
        return FORMS[field];
    }

    @Override
    public long longValue(int field) {
        return longs[base + field];
    }

    @Override
    public byte[] buffer(int field) {
        return buffer;
    }

    @Override
    public int offset(int field) {
        return offsets[base + field];
    }

    @Override
    public int length(int field) {
        return lengths[base + field];
    }

    @Override
    public Object object(int field) {
        int v = base + field;
        return switch (FORMS[field]) {
            case LONG -> longs[v];
            case DECIMAL_TEXT -> new BigDecimal(new String(buffer, offsets[v], lengths[v], StandardCharsets.UTF_8).trim());
            case TEXT -> new String(buffer, offsets[v], lengths[v], StandardCharsets.UTF_8);
            case EPOCH_DAY -> LocalDate.ofEpochDay(longs[v]);
            default -> throw new IllegalStateException();
        };
    }
}
