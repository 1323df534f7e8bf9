package io.shoaldb.catalog.journal;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import io.shoaldb.catalog.model.TableProperties;
import java.io.IOException;
import java.util.LinkedHashMap;

/**
 * JSON for journal payloads and images. Model records map by their component names; table properties
 * are stored as their explicit key/value map in order and re-parsed on read, so the typed values are
 * never stored twice and cannot disagree.
 */
final class JsonCodec {
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES, true)
            .registerModule(new SimpleModule("shoal-catalog")
                    .addSerializer(TableProperties.class, new PropertiesSerializer())
                    .addDeserializer(TableProperties.class, new PropertiesDeserializer()));

    private JsonCodec() {
    }

    static byte[] encode(Object value) {
        try {
            return MAPPER.writeValueAsBytes(value);
        } catch (IOException e) {
            throw new IllegalStateException("cannot encode " + value.getClass().getSimpleName(), e);
        }
    }

    static <T> T decode(byte[] json, Class<T> type) throws IOException {
        return MAPPER.readValue(json, type);
    }

    private static final class PropertiesSerializer extends JsonSerializer<TableProperties> {
        @Override
        public void serialize(TableProperties value, JsonGenerator gen, SerializerProvider serializers)
                throws IOException {
            gen.writeObject(value.explicit());
        }
    }

    private static final class PropertiesDeserializer extends JsonDeserializer<TableProperties> {
        private static final TypeReference<LinkedHashMap<String, String>> MAP = new TypeReference<>() {
        };

        @Override
        public TableProperties deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            return TableProperties.parse(p.readValueAs(MAP));
        }
    }
}
