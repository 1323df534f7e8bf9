package io.shoaldb.sql.planner;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.sql.planner.physical.expr.Arithmetic;
import io.shoaldb.sql.planner.physical.expr.Call;
import io.shoaldb.sql.planner.physical.expr.Expr;
import io.shoaldb.sql.planner.physical.expr.Literal;
import io.shoaldb.vector.type.DataType;
import io.shoaldb.vector.type.TypeId;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlTrimFunction;
import org.apache.calcite.sql.type.SqlTypeFamily;

/**
 * Translates function calls - ours, Calcite's standard ones, CASE, EXTRACT and date/interval arithmetic -
 * into {@link Call}s typed by the {@link ScalarFunctions} catalogue, with their arguments cast to what the
 * kernel reads. Calls whose arguments are all constants are folded by {@link ConstantFolding}.
 */
final class FunctionCalls {
    /** Format specifiers of a time of day (MySQL's, and Doris's Java-style HH:mm:ss). */
    private static final Pattern TIME_OF_DAY = Pattern.compile("%[HhIiklSsTrfp]|HH|mm|ss");
    private final Function<RexNode, Expr> translator;

    FunctionCalls(Function<RexNode, Expr> translator) {
        this.translator = translator;
    }

    /** A call that is not one of the operators RexTranslator handles itself. */
    Expr call(RexCall call) {
        SqlKind kind = call.getKind();
        return switch (kind) {
            case CASE -> caseWhen(operands(call));
            case EXTRACT -> extract(call);
            case TRIM -> trim(call);
            case POSITION -> {
                List<Expr> args = operands(call);
                yield typed("locate", args);
            }
            case RLIKE -> {
                // s REGEXP p, s RLIKE p, s NOT RLIKE p
                Expr matches = typed("regexp", operands(call));
                yield call.getOperator().getName().startsWith("NOT") ? Negations.not(matches) : matches;
            }
            case FLOOR, CEIL -> {
                if (call.getOperands().size() != 1) {
                    throw ErrorCode.NOT_SUPPORTED.exception(kind + " of a date or time to a unit");
                }
                yield round(ScalarFunctions.find(kind == SqlKind.FLOOR ? "floor" : "ceil"), operands(call));
            }
            default -> function(call);
        };
    }

    private Expr function(RexCall call) {
        String name = call.getOperator().getName();
        ScalarFunction f = ScalarFunctions.of(call.getOperator())
                .or(() -> ScalarFunctions.standard(name))
                .orElseThrow(() -> ErrorCode.NOT_SUPPORTED.exception("the function " + name));
        return switch (f.name()) {
            case "if" -> caseWhen(operands(call));
            case "ifnull", "nvl" -> cast(new ScalarFunction("coalesce", null, f.signature()), operands(call));
            case "date_add", "adddate", "date_sub", "subdate" -> {
                Interval interval = interval(call.getOperands().get(1));
                boolean subtract = f.name().equals("date_sub") || f.name().equals("subdate");
                yield dateArithmetic(translator.apply(call.getOperands().get(0)), interval, subtract);
            }
            case "round", "truncate" -> round(f, operands(call));
            case "str_to_date" -> strToDate(f, operands(call));
            default -> cast(f, operands(call));
        };
    }

    /** {@code date ± interval} (PLUS/MINUS with an interval operand). */
    Expr intervalArithmetic(RexCall call, boolean subtract) {
        RexNode a = call.getOperands().get(0);
        RexNode b = call.getOperands().get(1);
        if (isInterval(a)) {
            if (subtract) {
                throw ErrorCode.NOT_SUPPORTED.exception("an interval minus a date");
            }
            return dateArithmetic(translator.apply(b), interval(a), false);
        }
        return dateArithmetic(translator.apply(a), interval(b), subtract);
    }

    static boolean isInterval(RexNode node) {
        SqlTypeFamily family = node.getType().getSqlTypeName().getFamily();
        return family == SqlTypeFamily.INTERVAL_DAY_TIME || family == SqlTypeFamily.INTERVAL_YEAR_MONTH;
    }

    /** An interval as an amount of one unit of {@link ScalarFunctions#DATE_UNITS}. */
    private record Interval(Expr amount, String unit) {
    }

    /**
     * Reads {@code INTERVAL '90' DAY} (a literal in milliseconds or months) and {@code INTERVAL n HOUR} (Calcite
     * writes it as n times a one-unit literal).
     */
    private Interval interval(RexNode node) {
        if (node instanceof RexLiteral lit && isInterval(lit)) {
            TimeUnit unit = lit.getType().getIntervalQualifier().getStartUnit();
            BigDecimal value = lit.getValueAs(BigDecimal.class);
            if (lit.getType().getSqlTypeName().getFamily() == SqlTypeFamily.INTERVAL_YEAR_MONTH) {
                return new Interval(new Literal(value.longValueExact(), DataType.BIGINT), "month");
            }
            for (TimeUnit u : List.of(TimeUnit.WEEK, TimeUnit.DAY, TimeUnit.HOUR, TimeUnit.MINUTE, TimeUnit.SECOND)) {
                BigDecimal ms = u.multiplier;
                if (unit.multiplier.compareTo(ms) >= 0 && value.remainder(ms).signum() == 0) {
                    return new Interval(new Literal(value.divide(ms).longValueExact(), DataType.BIGINT),
                            u.name().toLowerCase(Locale.ROOT));
                }
            }
            throw ErrorCode.NOT_SUPPORTED.exception("intervals below a second");
        }
        if (node instanceof RexCall call && (call.getKind() == SqlKind.TIMES || call.getKind() == SqlKind.CHECKED_TIMES)) {
            RexNode x = call.getOperands().get(0);
            RexNode y = call.getOperands().get(1);
            RexNode unitLiteral = isInterval(x) ? x : y;
            RexNode amount = isInterval(x) ? y : x;
            Interval one = interval(unitLiteral);
            Expr n = Exprs.cast(translator.apply(amount), DataType.BIGINT);
            long factor = (Long) ((Literal) one.amount()).value();
            return new Interval(factor == 1 ? n : Exprs.arithmetic(
                    Arithmetic.Op.MULTIPLY, n, new Literal(factor, DataType.BIGINT)),
                    one.unit());
        }
        if (!isInterval(node)) {
            // date_add(d, 3): days
            return new Interval(translator.apply(node), "day");
        }
        throw ErrorCode.NOT_SUPPORTED.exception("the interval " + node);
    }

    private Expr dateArithmetic(Expr date, Interval interval, boolean subtract) {
        String unit = interval.unit();
        return typed(unit + "s_" + (subtract ? "sub" : "add"), List.of(date, interval.amount()));
    }

    /** CASE WHEN c1 THEN v1 ... ELSE e END: operands c1, v1, ..., e; the values share their common type. */
    private Expr caseWhen(List<Expr> operands) {
        List<DataType> valueTypes = new ArrayList<>();
        for (int i = 1; i < operands.size(); i += 2) {
            if (!(operands.get(i) instanceof Literal l && l.isNull())) {
                valueTypes.add(operands.get(i).type());
            }
        }
        Expr last = operands.getLast();
        if (operands.size() % 2 == 1 && !(last instanceof Literal l && l.isNull())) {
            valueTypes.add(last.type());
        }
        DataType type = valueTypes.isEmpty() ? DataType.BOOLEAN : TypeRules.commonType(valueTypes);
        List<Expr> args = new ArrayList<>();
        for (int i = 0; i < operands.size(); i++) {
            boolean condition = i % 2 == 0 && i < operands.size() - 1;
            args.add(Exprs.cast(operands.get(i), condition ? DataType.BOOLEAN : type));
        }
        if (operands.size() % 2 == 0) {
            args.add(new Literal(null, type));
        }
        return ConstantFolding.fold(new Call("case", args, type));
    }

    /** EXTRACT(unit FROM x), which is also how Calcite hands over YEAR(x), MONTH(x), DAYOFWEEK(x), ... */
    private Expr extract(RexCall call) {
        TimeUnitRange range = (TimeUnitRange) ((RexLiteral) call.getOperands().get(0)).getValue();
        String name = switch (range) {
            case YEAR -> "year";
            case QUARTER -> "quarter";
            case MONTH -> "month";
            case WEEK -> "week";
            case DAY -> "dayofmonth";
            case DOW -> "dayofweek";
            case DOY -> "dayofyear";
            case HOUR -> "hour";
            case MINUTE -> "minute";
            case SECOND -> "second";
            default -> throw ErrorCode.NOT_SUPPORTED.exception("EXTRACT of " + range);
        };
        return typed(name, List.of(translator.apply(call.getOperands().get(1))));
    }

    /** TRIM([BOTH|LEADING|TRAILING] [chars] FROM s) as trim/ltrim/rtrim(s[, chars]). */
    private Expr trim(RexCall call) {
        SqlTrimFunction.Flag flag = ((RexLiteral) call.getOperands().get(0)).getValueAs(SqlTrimFunction.Flag.class);
        Expr chars = translator.apply(call.getOperands().get(1));
        Expr text = translator.apply(call.getOperands().get(2));
        String name = switch (flag) {
            case BOTH -> "trim";
            case LEADING -> "ltrim";
            case TRAILING -> "rtrim";
        };
        boolean spaces = chars instanceof Literal l && " ".equals(l.value());
        ScalarFunction f = ScalarFunctions.find("trim");
        List<Expr> args = spaces ? List.of(text) : List.of(text, chars);
        return cast(new ScalarFunction(name, null, f.signature()), args);
    }

    /**
     * ROUND, TRUNCATE, FLOOR, CEIL of a DECIMAL(p,s): to d decimals (0 without d), so a constant d gives scale
     * min(s, max(d, 0)); a d that is not constant keeps s.
     */
    private Expr round(ScalarFunction f, List<Expr> args) {
        Call c = typedCall(f, args);
        if (c.type().id() == TypeId.DECIMAL) {
            int digits = args.size() < 2 ? 0 : c.arguments().get(1) instanceof Literal l && l.value() instanceof Long d
                    ? (int) Math.max(0, Math.min(d, c.type().scale())) : c.type().scale();
            c = new Call(c.function(), c.arguments(), DataType.decimal(c.type().precision(), digits));
        }
        return ConstantFolding.fold(c);
    }

    /** STR_TO_DATE with a constant format without a time of day is a DATE (Doris), else a DATETIME. */
    private static Expr strToDate(ScalarFunction f, List<Expr> args) {
        Call c = typedCall(f, args);
        if (c.arguments().get(1) instanceof Literal l && l.value() instanceof String format
                && !TIME_OF_DAY.matcher(format).find()) {
            c = new Call(c.function(), c.arguments(), DataType.DATE);
        }
        return ConstantFolding.fold(c);
    }

    private Expr typed(String name, List<Expr> args) {
        return cast(ScalarFunctions.find(name), args);
    }

    /** The call typed by its signature, its arguments cast, folded if they are all constants. */
    private static Expr cast(ScalarFunction f, List<Expr> args) {
        return ConstantFolding.fold(typedCall(f, args));
    }

    private static Call typedCall(ScalarFunction f, List<Expr> args) {
        ScalarFunction.Typed typed = f.resolve(args.stream().map(Expr::type).toList());
        List<Expr> cast = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            cast.add(Exprs.cast(args.get(i), typed.arguments().get(i)));
        }
        return new Call(f.name(), cast, typed.result());
    }

    private List<Expr> operands(RexCall call) {
        List<Expr> out = new ArrayList<>();
        for (RexNode o : call.getOperands()) {
            out.add(translator.apply(o));
        }
        return out;
    }
}
