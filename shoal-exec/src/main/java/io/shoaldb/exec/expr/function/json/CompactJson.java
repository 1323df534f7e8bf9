package io.shoaldb.exec.expr.function.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;

/**
 * Writes the value at the parser's current token as compact JSON (no whitespace), the form Doris prints
 * extracted objects and arrays in. Numbers are copied as written, so no precision is lost on the way.
 */
final class CompactJson {
    private static final JsonFactory FACTORY = JsonFactory.builder().build();

    private CompactJson() {
    }

    /** Copies the current value (scalar, or a whole object/array) to {@code out}; the parser ends on its last token. */
    static void copy(JsonParser p, Utf8Buffer out) throws IOException {
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            int depth = 0;
            JsonToken t = p.currentToken();
            do {
                switch (t) {
                    case START_OBJECT -> {
                        g.writeStartObject();
                        depth++;
                    }
                    case START_ARRAY -> {
                        g.writeStartArray();
                        depth++;
                    }
                    case END_OBJECT -> {
                        g.writeEndObject();
                        depth--;
                    }
                    case END_ARRAY -> {
                        g.writeEndArray();
                        depth--;
                    }
                    case FIELD_NAME -> g.writeFieldName(p.currentName());
                    case VALUE_STRING -> g.writeString(p.getTextCharacters(), p.getTextOffset(), p.getTextLength());
                    case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> g.writeNumber(p.getText());
                    case VALUE_TRUE -> g.writeBoolean(true);
                    case VALUE_FALSE -> g.writeBoolean(false);
                    case VALUE_NULL -> g.writeNull();
                    default -> throw new IOException("unexpected JSON token " + t);
                }
            } while (depth > 0 && (t = p.nextToken()) != null);
            if (depth > 0) {
                throw new IOException("unexpected end of JSON input");
            }
        }
    }
}
