package io.shoaldb.storage.segment;

import io.shoaldb.storage.segment.encoding.FormatException;
import io.shoaldb.vector.type.TypeId;

/** Stable on-disk codes for {@link TypeId}; never derived from enum ordinals, never renumbered. */
final class TypeCodes {
    private TypeCodes() {
    }

    static int code(TypeId id) {
        return switch (id) {
            case BOOLEAN -> 1;
            case TINYINT -> 2;
            case SMALLINT -> 3;
            case INT -> 4;
            case BIGINT -> 5;
            case LARGEINT -> 6;
            case FLOAT -> 7;
            case DOUBLE -> 8;
            case DECIMAL -> 9;
            case DATE -> 10;
            case DATETIME -> 11;
            case CHAR -> 12;
            case VARCHAR -> 13;
            case STRING -> 14;
            case JSON -> 15;
        };
    }

    static TypeId typeId(int code) {
        for (TypeId id : TypeId.values()) {
            if (code(id) == code) {
                return id;
            }
        }
        throw new FormatException("unknown type code " + code);
    }
}
