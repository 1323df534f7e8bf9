package io.shoaldb.protocol.http;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A tiny JSON reader for tests that keeps key order and value types (Long, Boolean, String, Map, List). */
final class Json {
    private static final JsonFactory FACTORY = new JsonFactory();

    private Json() {
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> object(String text) {
        try (JsonParser p = FACTORY.createParser(text)) {
            p.nextToken();
            Object value = read(p);
            if (p.nextToken() != null) {
                throw new IllegalArgumentException("trailing content in " + text);
            }
            return (Map<String, Object>) value;
        } catch (IOException e) {
            throw new UncheckedIOException("not JSON: " + text, e);
        }
    }

    private static Object read(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        switch (t) {
            case START_OBJECT -> {
                Map<String, Object> map = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    p.nextToken();
                    map.put(name, read(p));
                }
                return map;
            }
            case START_ARRAY -> {
                List<Object> list = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    list.add(read(p));
                }
                return list;
            }
            case VALUE_NUMBER_INT -> {
                return p.getLongValue();
            }
            case VALUE_TRUE, VALUE_FALSE -> {
                return p.getBooleanValue();
            }
            case VALUE_NULL -> {
                return null;
            }
            default -> {
                return p.getText();
            }
        }
    }
}
