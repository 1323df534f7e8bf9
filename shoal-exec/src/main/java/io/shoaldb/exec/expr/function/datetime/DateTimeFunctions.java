package io.shoaldb.exec.expr.function.datetime;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.exec.expr.ExpressionCompiler;
import io.shoaldb.exec.expr.function.KernelFactory;
import io.shoaldb.sql.planner.physical.expr.Call;
import io.shoaldb.sql.planner.physical.expr.Expr;
import io.shoaldb.sql.planner.physical.expr.Literal;
import io.shoaldb.vector.type.DataType;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * Date and time functions. The planner has already cast arguments: dates are DATE or DATETIME, amounts
 * BIGINT, DATEDIFF's operands DATE. Formats and units must be constants (parsed once per call site).
 */
public final class DateTimeFunctions {
    private static final List<String> UNITS = List.of("year", "month", "week", "day", "hour", "minute", "second");

    private DateTimeFunctions() {
    }

    public static void register(BiConsumer<String, KernelFactory> registry) {
        for (String unit : UNITS) {
            registry.accept(unit + "s_add", (call, args) ->
                    new DateAddExpression(unit, false, args.get(0), args.get(1), call.type()));
            registry.accept(unit + "s_sub", (call, args) ->
                    new DateAddExpression(unit, true, args.get(0), args.get(1), call.type()));
        }
        field(registry, "year", DateFieldExpression.Field.YEAR);
        field(registry, "quarter", DateFieldExpression.Field.QUARTER);
        field(registry, "month", DateFieldExpression.Field.MONTH);
        field(registry, "week", DateFieldExpression.Field.WEEK);
        field(registry, "day", DateFieldExpression.Field.DAY);
        field(registry, "dayofmonth", DateFieldExpression.Field.DAY);
        field(registry, "dayofweek", DateFieldExpression.Field.DAYOFWEEK);
        field(registry, "dayofyear", DateFieldExpression.Field.DAYOFYEAR);
        field(registry, "hour", DateFieldExpression.Field.HOUR);
        field(registry, "minute", DateFieldExpression.Field.MINUTE);
        field(registry, "second", DateFieldExpression.Field.SECOND);
        registry.accept("datediff", (call, args) -> new DateDiffExpression(args.get(0), args.get(1)));
        registry.accept("to_date", (call, args) -> args.get(0));
        registry.accept("date_format", (call, args) -> new DateFormatExpression(args.get(0), format(call, 1)));
        registry.accept("str_to_date", (call, args) -> new StrToDateExpression(args.get(0), format(call, 1), call.type()));
        registry.accept("date_trunc", (call, args) -> {
            boolean unitFirst = call.arguments().get(0).type().id().isString();
            String unit = constant(call, unitFirst ? 0 : 1);
            if (unit == null) {
                return ExpressionCompiler.compile(new Literal(null, call.type()));
            }
            return new DateTruncExpression(args.get(unitFirst ? 1 : 0), unit, call.type());
        });
        // The same instant for every row of the query (the call site is compiled once per query).
        registry.accept("now", (call, args) -> ExpressionCompiler.compile(new Literal(
                LocalDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.SECONDS), call.type())));
        registry.accept("curdate", (call, args) -> ExpressionCompiler.compile(new Literal(
                LocalDate.now(ZoneOffset.UTC), DataType.DATE)));
    }

    private static void field(BiConsumer<String, KernelFactory> registry, String name, DateFieldExpression.Field field) {
        registry.accept(name, (call, args) -> new DateFieldExpression(field, args.get(0)));
    }

    private static DateFormat format(Call call, int argument) {
        String text = constant(call, argument);
        return text == null ? null : new DateFormat(text);
    }

    /** A constant text argument (null for NULL); anything else is not supported. */
    private static String constant(Call call, int argument) {
        Expr e = call.arguments().get(argument);
        if (!(e instanceof Literal literal)) {
            throw ErrorCode.NOT_SUPPORTED.exception(call.function() + " with a " + (argument + 1)
                    + ". argument that is not a constant");
        }
        return literal.isNull() ? null : literal.value().toString();
    }
}
