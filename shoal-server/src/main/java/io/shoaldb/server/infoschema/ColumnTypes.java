package io.shoaldb.server.infoschema;

import io.shoaldb.vector.type.DataType;

/**
 * A column type as information_schema.columns describes it: DATA_TYPE is the bare name and COLUMN_TYPE the full
 * spelling SHOW CREATE TABLE uses (Doris's names: {@code int(11)}, {@code varchar(20)}, {@code text} for STRING,
 * {@code largeint(40)}); lengths are Doris's, in bytes; precisions are MySQL's for the integer and floating types.
 */
public record ColumnTypes(String dataType, String columnType, Long characterMaximumLength,
        Long characterOctetLength, Long numericPrecision, Long numericScale, Long datetimePrecision) {

    public static ColumnTypes of(DataType type) {
        String full = type.toSql();
        int paren = full.indexOf('(');
        String bare = paren < 0 ? full : full.substring(0, paren);
        return switch (type.id()) {
            case BOOLEAN -> numeric(bare, full, 1L, 0L);
            case TINYINT -> numeric(bare, full, 3L, 0L);
            case SMALLINT -> numeric(bare, full, 5L, 0L);
            case INT -> numeric(bare, full, 10L, 0L);
            case BIGINT -> numeric(bare, full, 19L, 0L);
            case LARGEINT -> numeric(bare, full, 39L, 0L);
            case FLOAT -> numeric(bare, full, 12L, null);
            case DOUBLE -> numeric(bare, full, 22L, null);
            case DECIMAL -> numeric(bare, full, (long) type.precision(), (long) type.scale());
            case DATE -> new ColumnTypes(bare, full, null, null, null, null, null);
            case DATETIME -> new ColumnTypes(bare, full, null, null, null, null, (long) type.scale());
            case CHAR, VARCHAR -> text(bare, full, type.length());
            case STRING, JSON -> text(bare, full, DataType.MAX_STRING_BYTES);
        };
    }

    public boolean isText() {
        return characterMaximumLength != null;
    }

    private static ColumnTypes numeric(String bare, String full, Long precision, Long scale) {
        return new ColumnTypes(bare, full, null, null, precision, scale, null);
    }

    private static ColumnTypes text(String bare, String full, long bytes) {
        return new ColumnTypes(bare, full, bytes, bytes, null, null, null);
    }
}
