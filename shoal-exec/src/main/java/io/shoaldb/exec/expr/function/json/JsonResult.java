package io.shoaldb.exec.expr.function.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.shoaldb.vector.BytesVectorBuilder;
import io.shoaldb.vector.DoubleVectorBuilder;
import io.shoaldb.vector.IntVectorBuilder;
import io.shoaldb.vector.LongVectorBuilder;
import io.shoaldb.vector.VectorBuilder;
import java.io.IOException;

/**
 * What an accessor makes of the value a path found, with Doris's rules: a value of another type is NULL,
 * never an error and never a conversion (get_json_int of {@code "7"} or {@code 7.5} is NULL).
 * {@link #read} looks at the parser's current token and leaves the parser on the value's last token;
 * {@link #append} writes what was read, so a caller can still check the rest of the document in between.
 */
enum JsonResult {
    /** Strings unquoted; numbers and booleans as written; objects and arrays as compact JSON; null is NULL. */
    STRING,
    /** A JSON integer that fits 32 bits. */
    INT,
    /** A JSON integer that fits 64 bits. */
    BIGINT,
    /** Any JSON number. */
    DOUBLE,
    /** The value itself as compact JSON: strings keep their quotes, null is the JSON value {@code null}. */
    JSON;

    /** Reads the current value into {@code out}; false means the result is NULL. */
    boolean read(JsonParser p, Scratch out) throws IOException {
        JsonToken t = p.currentToken();
        switch (this) {
            case INT, BIGINT -> {
                if (t != JsonToken.VALUE_NUMBER_INT) {
                    return false;
                }
                JsonParser.NumberType n = p.getNumberType();
                if (n != JsonParser.NumberType.INT && (this == INT || n != JsonParser.NumberType.LONG)) {
                    return false;
                }
                out.number = p.getLongValue();
                return true;
            }
            case DOUBLE -> {
                if (t != JsonToken.VALUE_NUMBER_INT && t != JsonToken.VALUE_NUMBER_FLOAT) {
                    return false;
                }
                out.real = p.getDoubleValue();
                return true;
            }
            case STRING -> {
                out.text.reset();
                switch (t) {
                    case VALUE_NULL -> {
                        return false;
                    }
                    case VALUE_STRING -> out.text.appendUtf8(p.getTextCharacters(), p.getTextOffset(), p.getTextLength());
                    case START_OBJECT, START_ARRAY -> CompactJson.copy(p, out.text);
                    default -> out.text.appendUtf8(p.getTextCharacters(), p.getTextOffset(), p.getTextLength());
                }
                return true;
            }
            case JSON -> {
                out.text.reset();
                CompactJson.copy(p, out.text);
                return true;
            }
            default -> throw new IllegalStateException(name());
        }
    }

    void append(Scratch value, VectorBuilder out) {
        switch (this) {
            case INT -> ((IntVectorBuilder) out).appendInt((int) value.number);
            case BIGINT -> ((LongVectorBuilder) out).appendLong(value.number);
            case DOUBLE -> ((DoubleVectorBuilder) out).appendDouble(value.real);
            case STRING, JSON -> ((BytesVectorBuilder) out).appendBytes(value.text.bytes(), 0, value.text.length());
        }
    }

    /** The value read for one row; reused across rows. */
    static final class Scratch {
        long number;
        double real;
        final Utf8Buffer text = new Utf8Buffer();
    }
}
