package io.shoaldb.protocol.mysql.result;

import io.shoaldb.api.QueryResult;
import io.shoaldb.api.ResultColumn;
import io.shoaldb.protocol.mysql.codec.PayloadWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * ProtocolText::ResultsetRow: every value as a length-encoded string, NULL as 0xFB. Numbers use Java's
 * shortest round-trip formatting, which Connector/J and MariaDB parse back to the same float or double.
 */
public final class TextRowEncoder implements RowEncoder {
    private static final int NULL = 0xFB;

    @Override
    public PayloadWriter encode(List<ResultColumn> columns, QueryResult row) {
        PayloadWriter out = new PayloadWriter(16 * columns.size());
        for (int i = 0; i < columns.size(); i++) {
            Object value = row.get(i);
            if (value == null) {
                out.int1(NULL);
            } else {
                out.lenencBytes(text(columns.get(i), value).getBytes(StandardCharsets.UTF_8));
            }
        }
        return out;
    }

    /**
     * The shortest decimal form, unless reading it back the way clients do (as a double, range-checked, then
     * narrowed: Connector/J) would not give the same float, as for Float.MAX_VALUE; then the exact double form.
     */
    static String floatText(float value) {
        String shortest = Float.toString(value);
        if (Float.isFinite(value)) {
            double parsed = Double.parseDouble(shortest);
            if (Math.abs(parsed) > Float.MAX_VALUE || (float) parsed != value) {
                return Double.toString(value);
            }
        }
        return shortest;
    }

    static String text(ResultColumn column, Object value) {
        return switch (column.type().id()) {
            case BOOLEAN -> Values.asBoolean(column, value) ? "1" : "0";
            case TINYINT, SMALLINT, INT, BIGINT -> Long.toString(Values.asLong(column, value));
            case LARGEINT -> Values.largeIntText(column, value);
            case FLOAT -> floatText(Values.asFloat(column, value));
            case DOUBLE -> Double.toString(Values.asDouble(column, value));
            case DECIMAL -> Values.decimalText(column, value);
            case DATE -> Values.dateText(Values.asDate(column, value));
            case DATETIME -> Values.dateTimeText(Values.asDateTime(column, value), column.type().scale());
            case CHAR, VARCHAR, STRING, JSON -> Values.text(column, value);
        };
    }
}
