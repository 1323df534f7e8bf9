package io.shoaldb.server.table;

import io.shoaldb.catalog.model.Column;
import io.shoaldb.catalog.model.ColumnDefault;
import io.shoaldb.ingest.convert.ConversionPolicy;
import io.shoaldb.ingest.convert.ValueConverter;
import io.shoaldb.vector.VectorBuilder;
import java.nio.charset.StandardCharsets;

/**
 * Column defaults from the catalog's DDL text, converted by the same converters loads use, so that a
 * default means exactly what the same literal in an INSERT would. {@code DEFAULT CURRENT_TIMESTAMP} is
 * evaluated per load, not here, and counts as no default.
 */
public final class LiteralDefaults implements ColumnDefaults {
    @Override
    public Object valueOf(Column column) {
        ColumnDefault value = column.defaultValue();
        if (value == null || value.kind() != ColumnDefault.Kind.LITERAL) {
            return null;
        }
        byte[] text = value.literal().getBytes(StandardCharsets.UTF_8);
        VectorBuilder builder = VectorBuilder.create(column.type(), 1);
        // The catalog validated the default when the column was created, so it converts.
        if (!ValueConverter.forType(column.type(), ConversionPolicy.insert(true)).convert(text, 0, text.length, builder)) {
            throw new IllegalStateException("default of column " + column.name() + " no longer converts");
        }
        return builder.build().getObject(0);
    }
}
