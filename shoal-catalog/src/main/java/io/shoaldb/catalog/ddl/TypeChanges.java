package io.shoaldb.catalog.ddl;

import io.shoaldb.vector.PhysicalType;
import io.shoaldb.vector.type.DataType;
import io.shoaldb.vector.type.TypeId;

/**
 * Which column type changes existing data can follow without being rewritten: widenings that keep the
 * stored representation (TINYINT to INT, a longer VARCHAR, more DECIMAL precision at the same scale, more
 * DATETIME fractional digits). Segments are then read as the new type as they are.
 */
final class TypeChanges {
    private TypeChanges() {
    }

    static boolean readableAs(DataType from, DataType to) {
        if (from.equals(to)) {
            return true;
        }
        if (PhysicalType.of(from) != PhysicalType.of(to)) {
            return false;
        }
        return switch (from.id()) {
            case TINYINT, SMALLINT, INT -> to.id().isInteger() && rank(to.id()) >= rank(from.id());
            case CHAR, VARCHAR -> (to.id() == TypeId.VARCHAR && to.length() >= from.length())
                    || to.id() == TypeId.STRING;
            case DECIMAL -> to.id() == TypeId.DECIMAL && to.scale() == from.scale() && to.precision() >= from.precision();
            case DATETIME -> to.id() == TypeId.DATETIME && to.scale() >= from.scale();
            default -> false;
        };
    }

    private static int rank(TypeId id) {
        return switch (id) {
            case TINYINT -> 1;
            case SMALLINT -> 2;
            case INT -> 3;
            default -> 4;
        };
    }
}
