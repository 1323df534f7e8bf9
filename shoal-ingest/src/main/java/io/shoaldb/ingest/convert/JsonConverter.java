package io.shoaldb.ingest.convert;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.shoaldb.vector.BytesVectorBuilder;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;
import java.io.IOException;

/**
 * JSON: the text must be exactly one well-formed JSON value (checked with Jackson's streaming parser, no tree
 * is built); the text is stored as given. Anything else (trailing garbage, two values, invalid UTF-8) is a
 * conversion failure, i.e. NULL in non-strict mode, a filtered row in strict mode.
 */
final class JsonConverter extends ValueConverter {
    private static final JsonFactory FACTORY = JsonFactory.builder().build();

    JsonConverter(DataType type) {
        super(type);
    }

    @Override
    public boolean parse(byte[] b, int off, int len, ValueSlot slot) {
        if (len > DataType.MAX_STRING_BYTES) {
            slot.expected = DataType.MAX_STRING_BYTES;
            return slot.fail(Failure.OVER_STRING_LIMIT);
        }
        if (!Utf8.isValid(b, off, len) || !isJson(b, off, len)) {
            return slot.fail(Failure.INVALID);
        }
        slot.setBytes(b, off, len);
        return true;
    }

    /** True when the bytes hold exactly one JSON value. */
    public static boolean isJson(byte[] b, int off, int len) {
        try (JsonParser p = FACTORY.createParser(b, off, len)) {
            JsonToken first = p.nextToken();
            if (first == null) {
                return false;
            }
            p.skipChildren();
            return p.nextToken() == null;
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public void append(ValueSlot slot, VectorBuilder out) {
        if (slot.isNull) {
            out.appendNull();
        } else {
            ((BytesVectorBuilder) out).appendBytes(slot.bytes, slot.offset, slot.length);
        }
    }
}
