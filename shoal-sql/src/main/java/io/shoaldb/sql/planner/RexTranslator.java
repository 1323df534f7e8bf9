package io.shoaldb.sql.planner;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.sql.planner.physical.expr.And;
import io.shoaldb.sql.planner.physical.expr.Arithmetic;
import io.shoaldb.sql.planner.physical.expr.ColumnRef;
import io.shoaldb.sql.planner.physical.expr.Comparison;
import io.shoaldb.sql.planner.physical.expr.Expr;
import io.shoaldb.sql.planner.physical.expr.InList;
import io.shoaldb.sql.planner.physical.expr.IsNull;
import io.shoaldb.sql.planner.physical.expr.Like;
import io.shoaldb.sql.planner.physical.expr.Literal;
import io.shoaldb.sql.planner.physical.expr.Or;
import io.shoaldb.vector.type.DataType;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlLikeOperator;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.NlsString;
import org.apache.calcite.util.TimestampString;

/**
 * Translates Calcite row expressions into our {@link Expr} tree. Input references go through
 * {@code mapping} (Calcite input field to our input column), since the translator prunes scan columns.
 * Types of computed values come from {@link TypeRules}, not from Calcite.
 */
final class RexTranslator {
    private final RexBuilder rexBuilder;
    private final List<DataType> inputTypes;
    private final int[] mapping;
    private final FunctionCalls functions = new FunctionCalls(this::translate);

    RexTranslator(RexBuilder rexBuilder, List<DataType> inputTypes, int[] mapping) {
        this.rexBuilder = rexBuilder;
        this.inputTypes = inputTypes;
        this.mapping = mapping;
    }

    Expr translate(RexNode node) {
        return switch (node) {
            case RexInputRef ref -> {
                int column = mapping[ref.getIndex()];
                yield new ColumnRef(column, inputTypes.get(column));
            }
            case RexLiteral lit -> literal(lit);
            case RexCall call -> call(call);
            default -> throw ErrorCode.NOT_SUPPORTED.exception("the expression " + node);
        };
    }

    static Literal literal(RexLiteral lit) {
        DataType type = CalciteTypes.toShoal(lit.getType());
        if (lit.isNull()) {
            return new Literal(null, type);
        }
        Object value = switch (type.id()) {
            case BOOLEAN -> lit.getValueAs(Boolean.class);
            case TINYINT, SMALLINT, INT, BIGINT -> lit.getValueAs(BigDecimal.class).longValueExact();
            case DECIMAL -> lit.getValueAs(BigDecimal.class).setScale(type.scale());
            case FLOAT -> lit.getValueAs(BigDecimal.class).floatValue();
            case DOUBLE -> lit.getValueAs(Double.class);
            case DATE -> LocalDate.parse(lit.getValueAs(DateString.class).toString());
            case DATETIME -> LocalDateTime.parse(lit.getValueAs(TimestampString.class).toString().replace(' ', 'T'));
            case CHAR, VARCHAR, STRING -> lit.getValue() instanceof NlsString s ? s.getValue()
                    : lit.getValueAs(String.class);
            default -> throw ErrorCode.NOT_SUPPORTED.exception("literals of type " + type);
        };
        return new Literal(value, type);
    }

    private Expr call(RexCall call) {
        SqlKind kind = call.getKind();
        if ((kind == SqlKind.PLUS || kind == SqlKind.MINUS)
                && call.getOperands().stream().anyMatch(FunctionCalls::isInterval)) {
            return functions.intervalArithmetic(call, kind == SqlKind.MINUS);
        }
        return switch (kind) {
            case SEARCH -> translate(RexUtil.expandSearch(rexBuilder, null, call));
            case AND -> and(operands(call));
            case OR -> or(operands(call));
            case NOT -> Negations.not(translate(call.getOperands().get(0)));
            case EQUALS -> compare(Comparison.Op.EQ, call);
            case NOT_EQUALS -> compare(Comparison.Op.NE, call);
            case LESS_THAN -> compare(Comparison.Op.LT, call);
            case LESS_THAN_OR_EQUAL -> compare(Comparison.Op.LE, call);
            case GREATER_THAN -> compare(Comparison.Op.GT, call);
            case GREATER_THAN_OR_EQUAL -> compare(Comparison.Op.GE, call);
            case IS_NOT_DISTINCT_FROM -> notDistinct(call);
            case IS_NULL -> new IsNull(translate(call.getOperands().get(0)), false);
            case IS_NOT_NULL -> new IsNull(translate(call.getOperands().get(0)), true);
            case LIKE -> like(call);
            case PLUS -> arithmetic(Arithmetic.Op.ADD, call);
            case MINUS -> arithmetic(Arithmetic.Op.SUBTRACT, call);
            case TIMES -> arithmetic(Arithmetic.Op.MULTIPLY, call);
            case DIVIDE -> arithmetic(Arithmetic.Op.DIVIDE, call);
            case MOD -> arithmetic(Arithmetic.Op.MODULO, call);
            case MINUS_PREFIX -> {
                Expr x = translate(call.getOperands().get(0));
                yield Exprs.arithmetic(Arithmetic.Op.SUBTRACT, Exprs.cast(new Literal(0L, DataType.BIGINT), x.type()), x);
            }
            case PLUS_PREFIX -> translate(call.getOperands().get(0));
            case CAST -> Exprs.cast(translate(call.getOperands().get(0)), CalciteTypes.toShoal(call.getType()));
            // CASE, EXTRACT, TRIM, POSITION, FLOOR, CEIL, our functions and Calcite's standard ones
            default -> functions.call(call);
        };
    }

    private List<Expr> operands(RexCall call) {
        List<Expr> out = new ArrayList<>();
        for (RexNode o : call.getOperands()) {
            out.add(translate(o));
        }
        return out;
    }

    private Expr compare(Comparison.Op op, RexCall call) {
        return Exprs.compare(op, translate(call.getOperands().get(0)), translate(call.getOperands().get(1)));
    }

    /** {@code a IS NOT DISTINCT FROM b} (join conditions from decorrelation): equal and not NULL, or both NULL. */
    private Expr notDistinct(RexCall call) {
        Expr a = translate(call.getOperands().get(0));
        Expr b = translate(call.getOperands().get(1));
        Expr equal = new And(List.of(new IsNull(a, true), new IsNull(b, true), Exprs.compare(Comparison.Op.EQ, a, b)));
        return new Or(List.of(equal, new And(List.of(new IsNull(a, false), new IsNull(b, false)))));
    }

    private Expr arithmetic(Arithmetic.Op op, RexCall call) {
        return Exprs.arithmetic(op, translate(call.getOperands().get(0)), translate(call.getOperands().get(1)));
    }

    private Expr like(RexCall call) {
        boolean negated = call.getOperator() instanceof SqlLikeOperator l && l.isNegated();
        Expr operand = translate(call.getOperands().get(0));
        if (!(translate(call.getOperands().get(1)) instanceof Literal pattern) || pattern.isNull()) {
            throw ErrorCode.NOT_SUPPORTED.exception("LIKE with a pattern that is not a constant");
        }
        char escape = '\\';
        if (call.getOperands().size() > 2 && translate(call.getOperands().get(2)) instanceof Literal e
                && e.value() instanceof String s && s.length() == 1) {
            escape = s.charAt(0);
        }
        return new Like(Exprs.cast(operand, DataType.STRING), pattern.value().toString(), escape, negated);
    }

    /** AND, recognising {@code x <> a AND x <> b ...} (Calcite's expansion of NOT IN) as one NOT IN. */
    private static Expr and(List<Expr> terms) {
        List<Expr> flat = new ArrayList<>();
        for (Expr t : terms) {
            if (t instanceof And a) {
                flat.addAll(a.terms());
            } else {
                flat.add(t);
            }
        }
        InList in = asInList(flat, Comparison.Op.NE);
        return in != null ? in : flat.size() == 1 ? flat.get(0) : new And(flat);
    }

    /** OR, recognising {@code x = a OR x = b ...} (Calcite's expansion of IN) as one IN. */
    private static Expr or(List<Expr> terms) {
        List<Expr> flat = new ArrayList<>();
        for (Expr t : terms) {
            if (t instanceof Or o) {
                flat.addAll(o.terms());
            } else {
                flat.add(t);
            }
        }
        InList in = asInList(flat, Comparison.Op.EQ);
        return in != null ? in : flat.size() == 1 ? flat.get(0) : new Or(flat);
    }

    private static InList asInList(List<Expr> terms, Comparison.Op op) {
        if (terms.size() < 2) {
            return null;
        }
        Expr operand = null;
        List<Object> values = new ArrayList<>();
        for (Expr t : terms) {
            if (!(t instanceof Comparison c) || c.op() != op || !(c.right() instanceof Literal lit)
                    || c.left() instanceof Literal || !lit.type().equals(c.left().type())) {
                return null;
            }
            if (operand == null) {
                operand = c.left();
            } else if (!operand.equals(c.left())) {
                return null;
            }
            values.add(lit.value());
        }
        return new InList(operand, values, op == Comparison.Op.NE);
    }
}
