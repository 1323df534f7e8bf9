package io.shoaldb.sql.planner;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.vector.type.DataType;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The two-way mapping between our column types and Calcite's. LARGEINT is DECIMAL(38,0) for Calcite (same
 * 128-bit integer representation; Calcite has no 128-bit integer type); CHAR, VARCHAR, STRING and JSON are
 * VARCHAR (JSON functions come later). Column references keep their exact catalog type in the physical
 * plan, so the LARGEINT/DECIMAL(38,0) blur only affects the types of computed values.
 */
final class CalciteTypes {
    private CalciteTypes() {
    }

    static RelDataType toCalcite(RelDataTypeFactory f, DataType t, boolean nullable) {
        RelDataType base = switch (t.id()) {
            case BOOLEAN -> f.createSqlType(SqlTypeName.BOOLEAN);
            case TINYINT -> f.createSqlType(SqlTypeName.TINYINT);
            case SMALLINT -> f.createSqlType(SqlTypeName.SMALLINT);
            case INT -> f.createSqlType(SqlTypeName.INTEGER);
            case BIGINT -> f.createSqlType(SqlTypeName.BIGINT);
            case LARGEINT -> f.createSqlType(SqlTypeName.DECIMAL, 38, 0);
            case FLOAT -> f.createSqlType(SqlTypeName.REAL);
            case DOUBLE -> f.createSqlType(SqlTypeName.DOUBLE);
            case DECIMAL -> f.createSqlType(SqlTypeName.DECIMAL, t.precision(), t.scale());
            case DATE -> f.createSqlType(SqlTypeName.DATE);
            case DATETIME -> f.createSqlType(SqlTypeName.TIMESTAMP, t.scale());
            case CHAR, VARCHAR -> f.createSqlType(SqlTypeName.VARCHAR, t.length());
            case STRING, JSON -> f.createSqlType(SqlTypeName.VARCHAR);
        };
        return f.createTypeWithNullability(base, nullable);
    }

    /**
     * Our type for typing a function call's arguments: an interval argument ({@code INTERVAL 3 DAY}) is its
     * amount, a BIGINT; everything else as {@link #toShoal}.
     */
    static DataType argumentType(RelDataType t) {
        return t.getSqlTypeName().getFamily() == SqlTypeFamily.INTERVAL_DAY_TIME
                || t.getSqlTypeName().getFamily() == SqlTypeFamily.INTERVAL_YEAR_MONTH ? DataType.BIGINT : toShoal(t);
    }

    /** Our type for a Calcite type (casts, literals, computed values). */
    static DataType toShoal(RelDataType t) {
        return switch (t.getSqlTypeName()) {
            case BOOLEAN, NULL -> DataType.BOOLEAN;
            case TINYINT -> DataType.TINYINT;
            case SMALLINT -> DataType.SMALLINT;
            case INTEGER -> DataType.INT;
            case BIGINT -> DataType.BIGINT;
            // CAST(x AS UNSIGNED) (MySQL): we have no unsigned types; a wider signed one holds the values
            case UTINYINT -> DataType.SMALLINT;
            case USMALLINT -> DataType.INT;
            case UINTEGER -> DataType.BIGINT;
            case UBIGINT -> DataType.LARGEINT;
            case DECIMAL -> DataType.decimal(Math.max(1, Math.min(38, t.getPrecision())), t.getScale());
            case REAL -> DataType.FLOAT;
            case FLOAT, DOUBLE -> DataType.DOUBLE;
            case DATE -> DataType.DATE;
            case TIMESTAMP -> DataType.datetime(Math.max(0, Math.min(6, t.getPrecision())));
            case CHAR, VARCHAR -> t.getPrecision() > 0 && t.getPrecision() <= DataType.MAX_VARCHAR_LENGTH
                    ? DataType.varchar(t.getPrecision()) : DataType.STRING;
            default -> throw ErrorCode.NOT_SUPPORTED.exception("the type " + t.getSqlTypeName());
        };
    }
}
