package io.shoaldb.sql.planner;

import io.shoaldb.vector.type.DataType;
import java.util.Objects;

/** One column of a {@link SystemTable}. */
public record SystemColumn(String name, DataType type, boolean nullable) {
    public SystemColumn {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
    }
}
