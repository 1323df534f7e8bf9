package io.shoaldb.catalog.ddl;

import io.shoaldb.catalog.model.AggregationType;
import io.shoaldb.catalog.model.Column;
import io.shoaldb.catalog.model.ColumnDefinition;
import io.shoaldb.catalog.model.KeysType;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.vector.type.DataType;
import io.shoaldb.vector.type.TypeId;

/**
 * Turns one column definition into a column, checking what depends only on the column and its role:
 * name, default, nullability, whether its type may be a key, and which aggregation it may (or must) have.
 * Nullability not written is Doris's: key columns NOT NULL, value columns NULL.
 */
final class ColumnRules {
    private ColumnRules() {
    }

    static Column build(ColumnDefinition def, int uniqueId, boolean key, KeysType keysType) {
        NameRules.checkColumn(def.name());
        if (def.type() == null) {
            throw ErrorCode.INVALID_TABLE_DEFINITION.exception("Column '" + def.name() + "' has no type");
        }
        if (key) {
            checkKeyType(def.name(), def.type());
        }
        checkAggregation(def, key, keysType);
        boolean nullable = def.nullable() != null ? def.nullable() : !key;
        DefaultValues.check(def.name(), def.type(), nullable, def.defaultValue());
        return new Column(uniqueId, def.name(), def.type(), nullable, key, def.aggregation(), def.defaultValue(),
                def.comment() == null ? "" : def.comment());
    }

    /** Doris cannot sort or short-key on these types. */
    static void checkKeyType(String column, DataType type) {
        switch (type.id()) {
            case FLOAT, DOUBLE -> throw ErrorCode.INVALID_TABLE_DEFINITION.exception(
                    "Float or double can not used as a key, use decimal instead: column '" + column + "'");
            case STRING -> throw ErrorCode.INVALID_TABLE_DEFINITION.exception(
                    "String Type should not be used in key column[" + column + "]");
            case JSON -> throw ErrorCode.INVALID_TABLE_DEFINITION.exception(
                    "JSON type should not be used in key column[" + column + "]");
            default -> {
            }
        }
    }

    private static void checkAggregation(ColumnDefinition def, boolean key, KeysType keysType) {
        AggregationType agg = def.aggregation();
        if (keysType != KeysType.AGGREGATE) {
            if (agg != null) {
                throw ErrorCode.INVALID_TABLE_DEFINITION.exception("Column '" + def.name()
                        + "' has aggregation type " + agg + ", which only an AGGREGATE KEY table allows");
            }
            return;
        }
        if (key && agg != null) {
            throw ErrorCode.INVALID_TABLE_DEFINITION.exception(
                    "Key column '" + def.name() + "' should not specify an aggregation type");
        }
        if (!key && agg == null) {
            throw ErrorCode.INVALID_TABLE_DEFINITION.exception("Value column '" + def.name()
                    + "' of an AGGREGATE KEY table must have an aggregation type");
        }
        if (agg == AggregationType.SUM && !isNumeric(def.type().id())) {
            throw ErrorCode.INVALID_TABLE_DEFINITION.exception("Aggregation SUM is not allowed on column '"
                    + def.name() + "' of type " + def.type().toSql());
        }
        if ((agg == AggregationType.MIN || agg == AggregationType.MAX) && def.type().id() == TypeId.JSON) {
            throw ErrorCode.INVALID_TABLE_DEFINITION.exception("Aggregation " + agg
                    + " is not allowed on JSON column '" + def.name() + "'");
        }
    }

    private static boolean isNumeric(TypeId id) {
        return id.isInteger() || id == TypeId.FLOAT || id == TypeId.DOUBLE || id == TypeId.DECIMAL;
    }
}
