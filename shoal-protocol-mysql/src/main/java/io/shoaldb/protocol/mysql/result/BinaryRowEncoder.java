package io.shoaldb.protocol.mysql.result;

import io.shoaldb.api.QueryResult;
import io.shoaldb.api.ResultColumn;
import io.shoaldb.protocol.mysql.codec.PayloadWriter;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;

/**
 * ProtocolBinary::ResultsetRow: a 0x00 header, a NULL bitmap whose first two bits are reserved (offset 2), then
 * each non-NULL value in the binary form of its column's type. Values whose type has no binary form here
 * (DECIMAL, LARGEINT, strings) go as length-encoded strings, as MySQL sends NEWDECIMAL.
 */
public final class BinaryRowEncoder implements RowEncoder {
    private static final int BITMAP_OFFSET = 2;

    @Override
    public PayloadWriter encode(List<ResultColumn> columns, QueryResult row) {
        int count = columns.size();
        int bitmapLength = (count + 7 + BITMAP_OFFSET) / 8;
        PayloadWriter out = new PayloadWriter(1 + bitmapLength + 8 * count);
        out.int1(0x00).zeros(bitmapLength);
        for (int i = 0; i < count; i++) {
            Object value = row.get(i);
            if (value == null) {
                int bit = i + BITMAP_OFFSET;
                int at = 1 + bit / 8;
                out.setByte(at, out.getByte(at) | 1 << (bit % 8));
            } else {
                write(out, columns.get(i), value);
            }
        }
        return out;
    }

    private static void write(PayloadWriter out, ResultColumn column, Object value) {
        switch (column.type().id()) {
            case BOOLEAN -> out.int1(Values.asBoolean(column, value) ? 1 : 0);
            case TINYINT -> out.int1((int) Values.asLong(column, value));
            case SMALLINT -> out.int2((int) Values.asLong(column, value));
            case INT -> out.int4(Values.asLong(column, value));
            case BIGINT -> out.int8(Values.asLong(column, value));
            case FLOAT -> out.floatLE(Values.asFloat(column, value));
            case DOUBLE -> out.doubleLE(Values.asDouble(column, value));
            case LARGEINT -> out.lenencString(Values.largeIntText(column, value));
            case DECIMAL -> out.lenencString(Values.decimalText(column, value));
            case DATE -> writeDate(out, Values.asDate(column, value));
            case DATETIME -> writeDateTime(out, Values.asDateTime(column, value), column.type().scale());
            case CHAR, VARCHAR, STRING, JSON -> out.lenencBytes(Values.text(column, value).getBytes(StandardCharsets.UTF_8));
        }
    }

    private static void writeDate(PayloadWriter out, LocalDate date) {
        out.int1(4).int2(date.getYear()).int1(date.getMonthValue()).int1(date.getDayOfMonth());
    }

    /** The 7-byte form unless there are microseconds, then the 11-byte form; clients accept both for any scale. */
    private static void writeDateTime(PayloadWriter out, LocalDateTime time, int scale) {
        int micros = Values.micros(time, scale);
        out.int1(micros == 0 ? 7 : 11)
                .int2(time.getYear()).int1(time.getMonthValue()).int1(time.getDayOfMonth())
                .int1(time.getHour()).int1(time.getMinute()).int1(time.getSecond());
        if (micros != 0) {
            out.int4(micros);
        }
    }
}
