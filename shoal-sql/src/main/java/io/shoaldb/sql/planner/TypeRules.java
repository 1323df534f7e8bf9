package io.shoaldb.sql.planner;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.sql.planner.physical.expr.Arithmetic;
import io.shoaldb.vector.PhysicalType;
import io.shoaldb.vector.type.DataType;
import io.shoaldb.vector.type.TypeId;
import java.util.List;

/**
 * Our own typing of computed values (Doris-like), independent of Calcite's: integer arithmetic is BIGINT
 * (LARGEINT with a LARGEINT operand), anything with FLOAT/DOUBLE is DOUBLE, {@code /} is DOUBLE, DECIMAL
 * follows the usual precision/scale rules capped at 38 digits. Comparisons unify both sides to one type.
 */
final class TypeRules {
    private TypeRules() {
    }

    /** True when values of the two types compare correctly without a cast (same representation and meaning). */
    static boolean comparableAsIs(DataType a, DataType b) {
        if (a.equals(b) || (a.id().isString() || a.id() == TypeId.JSON) && (b.id().isString() || b.id() == TypeId.JSON)) {
            return true;
        }
        boolean aInt32 = PhysicalType.of(a) == PhysicalType.INT32 && a.id() != TypeId.DATE;
        boolean bInt32 = PhysicalType.of(b) == PhysicalType.INT32 && b.id() != TypeId.DATE;
        if (aInt32 && bInt32) {
            return true;
        }
        return a.id() == TypeId.DATETIME && b.id() == TypeId.DATETIME;
    }

    /** The type both sides of a comparison are cast to. */
    static DataType comparisonType(DataType a, DataType b) {
        if (comparableAsIs(a, b)) {
            return a;
        }
        if (isNumeric(a) && isNumeric(b)) {
            return numericCommon(a, b);
        }
        if (isTemporal(a) && isTemporal(b)) {
            return DataType.datetime(Math.max(a.id() == TypeId.DATETIME ? a.scale() : 0,
                    b.id() == TypeId.DATETIME ? b.scale() : 0));
        }
        if (isTemporal(a) && isText(b)) {
            return a;
        }
        if (isText(a) && isTemporal(b)) {
            return b;
        }
        if (isNumeric(a) && isText(b) || isText(a) && isNumeric(b)) {
            return DataType.DOUBLE;
        }
        throw ErrorCode.INVALID_QUERY.exception("cannot compare " + a + " with " + b);
    }

    /**
     * The type the values of CASE, IF, COALESCE and IFNULL are cast to (Doris's common type): numbers as in
     * comparisons, DATE with DATE, DATE or DATETIME with DATETIME, text with anything is STRING.
     */
    static DataType commonType(List<DataType> types) {
        DataType common = types.getFirst();
        for (DataType t : types.subList(1, types.size())) {
            common = common(common, t);
        }
        return common;
    }

    private static DataType common(DataType a, DataType b) {
        if (a.equals(b)) {
            return a;
        }
        if (isNumeric(a) && isNumeric(b)) {
            return a.id() == TypeId.BOOLEAN && b.id() == TypeId.BOOLEAN ? a : numericCommon(a, b);
        }
        if (isTemporal(a) && isTemporal(b)) {
            return comparisonType(a, b);
        }
        if (isText(a) || isText(b)) {
            return DataType.STRING;
        }
        throw ErrorCode.INVALID_QUERY.exception("no common type for " + a + " and " + b);
    }

    /** Digits a decimal quotient has beyond its dividend's scale (Doris's {@code div_precision_increment}). */
    static final int DIV_PRECISION_INCREMENT = 4;

    /** The result type of {@code a op b}. */
    static DataType arithmeticType(Arithmetic.Op op, DataType a, DataType b) {
        if (!isNumeric(a) || !isNumeric(b)) {
            throw ErrorCode.NOT_SUPPORTED.exception("arithmetic on " + a + " and " + b);
        }
        if (isApprox(a) || isApprox(b)
                || (op == Arithmetic.Op.DIVIDE && a.id() != TypeId.DECIMAL && b.id() != TypeId.DECIMAL)) {
            return DataType.DOUBLE;
        }
        if (a.id() != TypeId.DECIMAL && b.id() != TypeId.DECIMAL) {
            return a.id() == TypeId.LARGEINT || b.id() == TypeId.LARGEINT ? DataType.LARGEINT : DataType.BIGINT;
        }
        DataType x = asDecimal(a);
        DataType y = asDecimal(b);
        int intDigits = Math.max(x.precision() - x.scale(), y.precision() - y.scale());
        return switch (op) {
            case DIVIDE -> {
                // Doris (DECIMALV3): DECIMAL(p1 + s2 + 4, s1 + 4), 4 being its div_precision_increment.
                int scale = Math.min(38, x.scale() + DIV_PRECISION_INCREMENT);
                yield DataType.decimal(Math.min(38, Math.max(scale, x.precision() + y.scale() + DIV_PRECISION_INCREMENT)),
                        scale);
            }
            case MULTIPLY -> {
                int scale = x.scale() + y.scale();
                if (scale > 38) {
                    throw ErrorCode.INVALID_QUERY.exception("the scale of " + a + " * " + b + " exceeds 38");
                }
                yield DataType.decimal(Math.min(38, Math.max(scale, x.precision() + y.precision())), scale);
            }
            case ADD, SUBTRACT -> {
                int scale = Math.max(x.scale(), y.scale());
                yield DataType.decimal(Math.min(38, intDigits + scale + 1), scale);
            }
            default -> {
                int scale = Math.max(x.scale(), y.scale());
                yield DataType.decimal(Math.min(38, intDigits + scale), scale);
            }
        };
    }

    /** An integer type as the DECIMAL(p,0) that holds all its values; DECIMAL stays as it is. */
    static DataType asDecimal(DataType t) {
        return switch (t.id()) {
            case BOOLEAN, TINYINT -> DataType.decimal(3, 0);
            case SMALLINT -> DataType.decimal(5, 0);
            case INT -> DataType.decimal(10, 0);
            case BIGINT -> DataType.decimal(19, 0);
            case LARGEINT -> DataType.decimal(38, 0);
            case DECIMAL -> t;
            default -> throw new IllegalArgumentException(t + " is not exact");
        };
    }

    private static DataType numericCommon(DataType a, DataType b) {
        if (isApprox(a) || isApprox(b)) {
            return DataType.DOUBLE;
        }
        if (a.id() == TypeId.DECIMAL || b.id() == TypeId.DECIMAL) {
            DataType x = asDecimal(a);
            DataType y = asDecimal(b);
            int scale = Math.max(x.scale(), y.scale());
            int intDigits = Math.max(x.precision() - x.scale(), y.precision() - y.scale());
            return DataType.decimal(Math.min(38, intDigits + scale), scale);
        }
        return a.id() == TypeId.LARGEINT || b.id() == TypeId.LARGEINT ? DataType.LARGEINT : DataType.BIGINT;
    }

    static boolean isNumeric(DataType t) {
        return t.id().isInteger() || t.id() == TypeId.BOOLEAN || t.id() == TypeId.DECIMAL || isApprox(t);
    }

    static boolean isApprox(DataType t) {
        return t.id() == TypeId.FLOAT || t.id() == TypeId.DOUBLE;
    }

    static boolean isTemporal(DataType t) {
        return t.id() == TypeId.DATE || t.id() == TypeId.DATETIME;
    }

    static boolean isText(DataType t) {
        return t.id().isString() || t.id() == TypeId.JSON;
    }
}
