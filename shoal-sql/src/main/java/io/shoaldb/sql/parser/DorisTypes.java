package io.shoaldb.sql.parser;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.vector.type.DataType;
import java.util.List;
import java.util.Locale;

/**
 * Doris type names to ShoalDB types. Integer display widths ({@code int(11)}) are accepted and
 * dropped, as Doris does; the parameters' limits are DataType's own checks.
 */
final class DorisTypes {
    /** Doris's DECIMAL without parameters. */
    static final int DEFAULT_DECIMAL_PRECISION = 9;

    private DorisTypes() {
    }

    static DataType resolve(String word, List<Integer> params) {
        String upper = word.toUpperCase(Locale.ROOT);
        return switch (upper) {
            case "BOOLEAN", "BOOL" -> plain(word, params, DataType.BOOLEAN);
            case "TINYINT" -> width(word, params, DataType.TINYINT);
            case "SMALLINT" -> width(word, params, DataType.SMALLINT);
            case "INT", "INTEGER" -> width(word, params, DataType.INT);
            case "BIGINT" -> width(word, params, DataType.BIGINT);
            case "LARGEINT" -> width(word, params, DataType.LARGEINT);
            case "FLOAT" -> plain(word, params, DataType.FLOAT);
            case "DOUBLE" -> plain(word, params, DataType.DOUBLE);
            case "DECIMAL", "DECIMALV3", "DEC", "NUMERIC" -> decimal(word, params);
            case "DATE", "DATEV2" -> plain(word, params, DataType.DATE);
            case "DATETIME", "DATETIMEV2" -> DataType.datetime(atMostOne(word, params, 0));
            case "CHAR", "CHARACTER" -> DataType.charType(atMostOne(word, params, 1));
            case "VARCHAR" -> DataType.varchar(atMostOne(word, params, DataType.DEFAULT_VARCHAR_LENGTH));
            case "STRING", "TEXT" -> plain(word, params, DataType.STRING);
            case "JSON", "JSONB" -> plain(word, params, DataType.JSON);
            default -> throw ErrorCode.UNKNOWN_TYPE.exception(word);
        };
    }

    private static DataType plain(String word, List<Integer> params, DataType type) {
        if (!params.isEmpty()) {
            throw invalid(word, params, "takes no parameters");
        }
        return type;
    }

    private static DataType width(String word, List<Integer> params, DataType type) {
        atMostOne(word, params, 0);
        return type;
    }

    private static DataType decimal(String word, List<Integer> params) {
        return switch (params.size()) {
            case 0 -> DataType.decimal(DEFAULT_DECIMAL_PRECISION, 0);
            case 1 -> DataType.decimal(params.get(0), 0);
            case 2 -> DataType.decimal(params.get(0), params.get(1));
            default -> throw invalid(word, params, "takes at most two parameters");
        };
    }

    private static int atMostOne(String word, List<Integer> params, int absent) {
        if (params.size() > 1) {
            throw invalid(word, params, "takes at most one parameter");
        }
        return params.isEmpty() ? absent : params.get(0);
    }

    private static RuntimeException invalid(String word, List<Integer> params, String why) {
        StringBuilder spelled = new StringBuilder(word.toLowerCase(Locale.ROOT)).append('(');
        for (int i = 0; i < params.size(); i++) {
            spelled.append(i == 0 ? "" : ",").append(params.get(i));
        }
        return ErrorCode.INVALID_TYPE.exception(spelled.append(')'), why);
    }
}
