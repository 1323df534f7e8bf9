package io.shoaldb.sql.planner.physical.expr;

import io.shoaldb.vector.type.DataType;
import java.util.List;

/**
 * A constant: {@code value} is the Java object documented on {@link io.shoaldb.vector.type.TypeId} for
 * {@code type} (Long for every integer type below LARGEINT, BigDecimal for DECIMAL, LocalDate, ...), or null.
 */
public record Literal(Object value, DataType type) implements Expr {
    @Override
    public List<Expr> children() {
        return List.of();
    }

    public boolean isNull() {
        return value == null;
    }

    @Override
    public String toString() {
        return value == null ? "NULL" : value instanceof String s ? "'" + s + "'" : value.toString();
    }
}
