package io.shoaldb.catalog.ddl;

import io.shoaldb.catalog.model.ColumnDefinition;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.vector.type.DataType;
import io.shoaldb.vector.type.TypeId;
import java.util.ArrayList;
import java.util.List;

/**
 * Doris's key columns for a table created without a KEY clause: a DUPLICATE KEY table keyed on its short
 * key, i.e. the leading columns, at most 3, while their index width stays within 36 bytes. A FLOAT,
 * DOUBLE, STRING or JSON column stops the run before it; a VARCHAR column ends it after itself; a first
 * CHAR/VARCHAR column wider than the budget is still taken alone. Widths are Doris's index sizes (date 4,
 * datetime 8, decimal 4/8/16 by precision, char its length, varchar 20). A table whose first column
 * cannot be a key fails, as in Doris.
 */
final class DefaultKeys {
    static final int MAX_COLUMNS = 3;
    static final int MAX_BYTES = 36;

    private DefaultKeys() {
    }

    static List<String> choose(List<ColumnDefinition> columns) {
        List<String> keys = new ArrayList<>();
        int width = 0;
        for (ColumnDefinition column : columns) {
            DataType type = column.type();
            width += indexSize(type);
            if (keys.size() >= MAX_COLUMNS || width > MAX_BYTES) {
                if (keys.isEmpty() && type.id().isString() && type.id() != TypeId.STRING) {
                    keys.add(column.name());
                }
                break;
            }
            boolean stop = switch (type.id()) {
                case FLOAT, DOUBLE, STRING, JSON -> true;
                default -> false;
            };
            if (stop) {
                break;
            }
            keys.add(column.name());
            if (type.id() == TypeId.VARCHAR) {
                break;
            }
        }
        if (keys.isEmpty()) {
            throw ErrorCode.INVALID_TABLE_DEFINITION.exception("The olap table first column could not be float,"
                    + " double, string or json, please use decimal or varchar instead.");
        }
        return keys;
    }

    static int indexSize(DataType type) {
        return switch (type.id()) {
            case BOOLEAN, TINYINT -> 1;
            case SMALLINT -> 2;
            case INT, FLOAT, DATE -> 4;
            case BIGINT, DOUBLE, DATETIME -> 8;
            case LARGEINT, STRING, JSON -> 16;
            case DECIMAL -> type.precision() <= 9 ? 4 : type.precision() <= 18 ? 8 : 16;
            case CHAR -> type.length();
            case VARCHAR -> 20;
        };
    }
}
