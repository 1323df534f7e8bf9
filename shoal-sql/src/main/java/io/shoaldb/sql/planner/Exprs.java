package io.shoaldb.sql.planner;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.sql.planner.physical.expr.Arithmetic;
import io.shoaldb.sql.planner.physical.expr.Cast;
import io.shoaldb.sql.planner.physical.expr.Comparison;
import io.shoaldb.sql.planner.physical.expr.Expr;
import io.shoaldb.sql.planner.physical.expr.Literal;
import io.shoaldb.sql.planner.physical.expr.ValueCasts;
import io.shoaldb.vector.type.DataType;
import io.shoaldb.vector.type.TypeId;

/** Builds typed physical expressions: inserts casts by {@link TypeRules} and folds casts of constants. */
final class Exprs {
    private Exprs() {
    }

    static Expr cast(Expr e, DataType to) {
        if (e.type().equals(to)) {
            return e;
        }
        if (e instanceof Literal lit) {
            return new Literal(ValueCasts.cast(lit.value(), to), to);
        }
        return new Cast(e, to);
    }

    static Expr compare(Comparison.Op op, Expr left, Expr right) {
        // A constant that fits the other side's type exactly takes that type: the column stays uncast
        // (fast typed loops) and the scan can prune with the constant.
        if (right instanceof Literal lit && !(left instanceof Literal)) {
            Object v = ValueCasts.exact(lit.value(), left.type());
            if (v != ValueCasts.NO_VALUE && fitsAsIs(left.type(), lit.type())) {
                return new Comparison(op, left, new Literal(v, left.type()));
            }
        }
        if (left instanceof Literal lit && !(right instanceof Literal)) {
            Object v = ValueCasts.exact(lit.value(), right.type());
            if (v != ValueCasts.NO_VALUE && fitsAsIs(right.type(), lit.type())) {
                return new Comparison(op, new Literal(v, right.type()), right);
            }
        }
        if (TypeRules.comparableAsIs(left.type(), right.type())) {
            return new Comparison(op, left, right);
        }
        DataType common = TypeRules.comparisonType(left.type(), right.type());
        return new Comparison(op, cast(left, common), cast(right, common));
    }

    /**
     * Whether converting a constant of type {@code constant} to {@code column} keeps the comparison's meaning:
     * numbers to numbers and text to dates do; a number is never silently compared as text or vice versa.
     */
    private static boolean fitsAsIs(DataType column, DataType constant) {
        if (TypeRules.isNumeric(column)) {
            return TypeRules.isNumeric(constant);
        }
        if (TypeRules.isTemporal(column)) {
            return TypeRules.isTemporal(constant) || TypeRules.isText(constant);
        }
        if (TypeRules.isText(column)) {
            return TypeRules.isText(constant);
        }
        return column.id() == constant.id();
    }

    static Expr arithmetic(Arithmetic.Op op, Expr left, Expr right) {
        return ConstantFolding.fold(typedArithmetic(op, left, right));
    }

    private static Expr typedArithmetic(Arithmetic.Op op, Expr left, Expr right) {
        DataType type = TypeRules.arithmeticType(op, left.type(), right.type());
        if (type.id() == TypeId.DECIMAL) {
            if (op == Arithmetic.Op.MULTIPLY || op == Arithmetic.Op.DIVIDE) {
                // Operands keep their scales: the unscaled product has scale s1 + s2 = the result's, and a
                // quotient is computed from the exact operands to the result's scale.
                return new Arithmetic(op, cast(left, TypeRules.asDecimal(left.type())),
                        cast(right, TypeRules.asDecimal(right.type())), type);
            }
            DataType operand = DataType.decimal(type.precision(), type.scale());
            return new Arithmetic(op, cast(left, operand), cast(right, operand), type);
        }
        if (type.id() == TypeId.DOUBLE) {
            return new Arithmetic(op, cast(left, DataType.DOUBLE), cast(right, DataType.DOUBLE), type);
        }
        if (type.id() == TypeId.BIGINT || type.id() == TypeId.LARGEINT) {
            return new Arithmetic(op, cast(left, type), cast(right, type), type);
        }
        throw ErrorCode.INTERNAL_ERROR.exception("arithmetic type " + type);
    }
}
