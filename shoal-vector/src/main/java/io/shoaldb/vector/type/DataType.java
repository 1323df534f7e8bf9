package io.shoaldb.vector.type;

import io.shoaldb.common.error.ErrorCode;

/**
 * A column type with its parameters. {@code length} applies to CHAR and VARCHAR (characters),
 * {@code precision}/{@code scale} to DECIMAL, and {@code scale} alone to DATETIME (fractional seconds).
 * Instances are validated at construction, so a DataType in the catalog is always legal.
 */
public record DataType(TypeId id, int length, int precision, int scale) {
    public static final int MAX_DECIMAL_PRECISION = 38;
    public static final int MAX_DATETIME_SCALE = 6;
    public static final int MAX_CHAR_LENGTH = 255;
    public static final int MAX_VARCHAR_LENGTH = 65533;
    /** Doris's VARCHAR without a length. */
    public static final int DEFAULT_VARCHAR_LENGTH = 65533;
    /** Doris's bound for STRING and JSON values in bytes. */
    public static final int MAX_STRING_BYTES = 1 << 20;

    public static final DataType BOOLEAN = new DataType(TypeId.BOOLEAN, 0, 0, 0);
    public static final DataType TINYINT = new DataType(TypeId.TINYINT, 0, 0, 0);
    public static final DataType SMALLINT = new DataType(TypeId.SMALLINT, 0, 0, 0);
    public static final DataType INT = new DataType(TypeId.INT, 0, 0, 0);
    public static final DataType BIGINT = new DataType(TypeId.BIGINT, 0, 0, 0);
    public static final DataType LARGEINT = new DataType(TypeId.LARGEINT, 0, 0, 0);
    public static final DataType FLOAT = new DataType(TypeId.FLOAT, 0, 0, 0);
    public static final DataType DOUBLE = new DataType(TypeId.DOUBLE, 0, 0, 0);
    public static final DataType DATE = new DataType(TypeId.DATE, 0, 0, 0);
    public static final DataType STRING = new DataType(TypeId.STRING, 0, 0, 0);
    public static final DataType JSON = new DataType(TypeId.JSON, 0, 0, 0);

    public DataType {
        switch (id) {
            case DECIMAL -> {
                if (precision < 1 || precision > MAX_DECIMAL_PRECISION) {
                    throw ErrorCode.INVALID_TYPE.exception(spell(id, length, precision, scale),
                            "precision must be between 1 and " + MAX_DECIMAL_PRECISION);
                }
                if (scale < 0 || scale > precision) {
                    throw ErrorCode.INVALID_TYPE.exception(spell(id, length, precision, scale),
                            "scale must be between 0 and the precision");
                }
            }
            case DATETIME -> {
                if (scale < 0 || scale > MAX_DATETIME_SCALE) {
                    throw ErrorCode.INVALID_TYPE.exception(spell(id, length, precision, scale),
                            "fractional seconds must be between 0 and " + MAX_DATETIME_SCALE);
                }
            }
            case CHAR -> {
                if (length < 1 || length > MAX_CHAR_LENGTH) {
                    throw ErrorCode.INVALID_TYPE.exception(spell(id, length, precision, scale),
                            "length must be between 1 and " + MAX_CHAR_LENGTH);
                }
            }
            case VARCHAR -> {
                if (length < 1 || length > MAX_VARCHAR_LENGTH) {
                    throw ErrorCode.INVALID_TYPE.exception(spell(id, length, precision, scale),
                            "length must be between 1 and " + MAX_VARCHAR_LENGTH);
                }
            }
            default -> {
                if (length != 0 || precision != 0 || scale != 0) {
                    throw ErrorCode.INVALID_TYPE.exception(id.name(), "takes no parameters");
                }
            }
        }
    }

    public static DataType decimal(int precision, int scale) {
        return new DataType(TypeId.DECIMAL, 0, precision, scale);
    }

    public static DataType datetime(int fractionalDigits) {
        return new DataType(TypeId.DATETIME, 0, 0, fractionalDigits);
    }

    public static DataType charType(int length) {
        return new DataType(TypeId.CHAR, length, 0, 0);
    }

    public static DataType varchar(int length) {
        return new DataType(TypeId.VARCHAR, length, 0, 0);
    }

    /** The type as Doris's SHOW CREATE TABLE spells it, which CREATE TABLE accepts back. */
    public String toSql() {
        return spell(id, length, precision, scale);
    }

    private static String spell(TypeId id, int length, int precision, int scale) {
        return switch (id) {
            case BOOLEAN -> "boolean";
            case TINYINT -> "tinyint(4)";
            case SMALLINT -> "smallint(6)";
            case INT -> "int(11)";
            case BIGINT -> "bigint(20)";
            case LARGEINT -> "largeint(40)";
            case FLOAT -> "float";
            case DOUBLE -> "double";
            case DECIMAL -> "decimal(" + precision + "," + scale + ")";
            case DATE -> "date";
            case DATETIME -> scale == 0 ? "datetime" : "datetime(" + scale + ")";
            case CHAR -> "char(" + length + ")";
            case VARCHAR -> "varchar(" + length + ")";
            case STRING -> "text";
            case JSON -> "json";
        };
    }

    @Override
    public String toString() {
        return toSql();
    }
}
