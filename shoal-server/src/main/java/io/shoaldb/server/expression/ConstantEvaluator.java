package io.shoaldb.server.expression;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.exec.expr.function.json.JsonFunctions;
import io.shoaldb.sql.tree.SqlSystemVariable;
import io.shoaldb.vector.type.DataType;
import io.shoaldb.vector.type.TypeId;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.TimestampString;

/**
 * Evaluates expressions that need no table: what clients send on connect ({@code SELECT @@x, DATABASE()})
 * and the filters of SHOW ... WHERE. Follows MySQL: comparisons give 1/0, arithmetic on NULL gives NULL,
 * division by zero gives NULL, string comparison ignores case (the default collation is case-insensitive).
 */
public final class ConstantEvaluator {
    private final EvaluationContext context;

    public ConstantEvaluator(EvaluationContext context) {
        this.context = context;
    }

    public Value evaluate(SqlNode node) {
        return switch (node) {
            case SqlSystemVariable variable ->
                    context.systemVariable(variable.name(), variable.scope() == SqlSystemVariable.Scope.GLOBAL);
            case SqlLiteral literal -> literal(literal);
            case SqlIdentifier identifier -> identifier(identifier);
            case SqlCall call -> call(call);
            default -> throw ErrorCode.NOT_SUPPORTED.exception("the expression " + node);
        };
    }

    /** True when the value is a non-NULL, non-zero number or a non-empty true-ish string (MySQL's truth). */
    public static boolean isTrue(Value value) {
        return switch (value.value()) {
            case null -> false;
            case Number number -> new BigDecimal(number.toString()).signum() != 0;
            case Boolean b -> b;
            case String s -> parseNumberPrefix(s).signum() != 0;
            default -> true;
        };
    }

    private Value identifier(SqlIdentifier identifier) {
        if (identifier.isSimple()) {
            String name = identifier.getSimple();
            // Calcite parses niladic functions written without parentheses as identifiers.
            return switch (name.toUpperCase(Locale.ROOT)) {
                case "CURRENT_USER", "USER", "SESSION_USER", "SYSTEM_USER", "CURRENT_TIMESTAMP", "CURRENT_DATE",
                        "LOCALTIME", "LOCALTIMESTAMP" -> function(name, List.of());
                default -> context.column(name);
            };
        }
        return context.column(identifier.toString());
    }

    private static Value literal(SqlLiteral literal) {
        return switch (literal.getTypeName()) {
            case NULL -> Value.ofNull();
            case BOOLEAN -> Value.ofLong(literal.booleanValue() ? 1 : 0);
            case DECIMAL, INTEGER, BIGINT -> exact(literal.getValueAs(BigDecimal.class));
            case DOUBLE, REAL, FLOAT -> new Value(literal.getValueAs(Double.class), DataType.DOUBLE);
            case CHAR, VARCHAR -> Value.ofString(literal.getValueAs(String.class));
            case DATE -> new Value(LocalDate.parse(literal.getValueAs(DateString.class).toString()), DataType.DATE);
            case TIMESTAMP -> new Value(LocalDateTime.parse(
                    literal.getValueAs(TimestampString.class).toString().replace(' ', 'T')), DataType.datetime(0));
            default -> Value.ofString(literal.toValue());
        };
    }

    private static Value exact(BigDecimal number) {
        if (number.scale() <= 0) {
            try {
                return Value.ofLong(number.longValueExact());
            } catch (ArithmeticException tooBig) {
                // falls through to DECIMAL
            }
        }
        int scale = Math.max(0, number.scale());
        int precision = Math.max(number.precision(), scale + 1);
        if (precision > DataType.MAX_DECIMAL_PRECISION) {
            return new Value(number.doubleValue(), DataType.DOUBLE);
        }
        return new Value(number.setScale(scale), DataType.decimal(precision, scale));
    }

    private Value call(SqlCall call) {
        SqlKind kind = call.getKind();
        List<SqlNode> operands = call.getOperandList();
        return switch (kind) {
            case AS -> evaluate(operands.get(0));
            case PLUS, MINUS, TIMES, DIVIDE, MOD -> arithmetic(kind, evaluate(operands.get(0)), evaluate(operands.get(1)));
            case MINUS_PREFIX -> arithmetic(SqlKind.TIMES, Value.ofLong(-1), evaluate(operands.get(0)));
            case PLUS_PREFIX -> evaluate(operands.get(0));
            case EQUALS, NOT_EQUALS, LESS_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN, GREATER_THAN_OR_EQUAL ->
                    comparison(kind, evaluate(operands.get(0)), evaluate(operands.get(1)));
            case AND -> logical(true, operands);
            case OR -> logical(false, operands);
            case NOT -> {
                Value operand = evaluate(operands.get(0));
                yield operand.isNull() ? Value.ofNull() : Value.ofLong(isTrue(operand) ? 0 : 1);
            }
            case IS_NULL -> Value.ofLong(evaluate(operands.get(0)).isNull() ? 1 : 0);
            case IS_NOT_NULL -> Value.ofLong(evaluate(operands.get(0)).isNull() ? 0 : 1);
            case IN, NOT_IN -> in(kind == SqlKind.NOT_IN, evaluate(operands.get(0)), (SqlNodeList) operands.get(1));
            case LIKE -> like(call, operands);
            case CAST -> cast(evaluate(operands.get(0)), (SqlDataTypeSpec) operands.get(1));
            default -> function(call.getOperator().getName(), operands);
        };
    }

    /** CAST to the common target types; a value that does not convert gives NULL, as in Doris. */
    private static Value cast(Value value, SqlDataTypeSpec spec) {
        if (value.isNull()) {
            return value;
        }
        String text = value.value().toString();
        String type = spec.getTypeName().getSimple().toUpperCase(Locale.ROOT);
        try {
            return switch (type) {
                case "CHAR", "VARCHAR", "STRING", "TEXT" -> Value.ofString(text);
                case "UINTEGER", "INT", "INTEGER", "BIGINT", "SMALLINT", "TINYINT" ->
                        Value.ofLong(toDecimal(value).setScale(0, RoundingMode.DOWN).longValueExact());
                case "DECIMAL", "DECIMALV3" -> exact(toDecimal(value));
                case "DOUBLE", "FLOAT", "REAL" -> new Value(toDecimal(value).doubleValue(), DataType.DOUBLE);
                case "DATE", "DATEV2" -> new Value(value.value() instanceof LocalDateTime t ? t.toLocalDate()
                        : LocalDate.parse(text.length() > 10 ? text.substring(0, 10) : text), DataType.DATE);
                case "DATETIME", "DATETIMEV2", "TIMESTAMP" -> new Value(value.value() instanceof LocalDate d
                        ? d.atStartOfDay() : LocalDateTime.parse(text.replace(' ', 'T')), DataType.datetime(0));
                default -> throw ErrorCode.NOT_SUPPORTED.exception("CAST to " + type);
            };
        } catch (ArithmeticException | DateTimeParseException e) {
            return Value.ofNull();
        }
    }

    private Value logical(boolean and, List<SqlNode> operands) {
        boolean sawNull = false;
        for (SqlNode operand : operands) {
            Value value = evaluate(operand);
            if (value.isNull()) {
                sawNull = true;
            } else if (isTrue(value) != and) {
                return Value.ofLong(and ? 0 : 1);
            }
        }
        return sawNull ? Value.ofNull() : Value.ofLong(and ? 1 : 0);
    }

    private Value in(boolean negated, Value needle, SqlNodeList list) {
        if (needle.isNull()) {
            return Value.ofNull();
        }
        for (SqlNode item : list) {
            Value candidate = evaluate(item);
            if (!candidate.isNull() && compare(needle, candidate) == 0) {
                return Value.ofLong(negated ? 0 : 1);
            }
        }
        return Value.ofLong(negated ? 1 : 0);
    }

    private Value like(SqlCall call, List<SqlNode> operands) {
        Value text = evaluate(operands.get(0));
        Value pattern = evaluate(operands.get(1));
        if (text.isNull() || pattern.isNull()) {
            return Value.ofNull();
        }
        boolean negated = call.getOperator().getName().toUpperCase(Locale.ROOT).startsWith("NOT");
        boolean matches = LikeMatcher.matches(String.valueOf(pattern.value()), String.valueOf(text.value()));
        return Value.ofLong(matches != negated ? 1 : 0);
    }

    private static Value comparison(SqlKind kind, Value left, Value right) {
        if (left.isNull() || right.isNull()) {
            return Value.ofNull();
        }
        int cmp = compare(left, right);
        boolean result = switch (kind) {
            case EQUALS -> cmp == 0;
            case NOT_EQUALS -> cmp != 0;
            case LESS_THAN -> cmp < 0;
            case LESS_THAN_OR_EQUAL -> cmp <= 0;
            case GREATER_THAN -> cmp > 0;
            default -> cmp >= 0;
        };
        return Value.ofLong(result ? 1 : 0);
    }

    private static int compare(Value left, Value right) {
        if (left.value() instanceof String a && right.value() instanceof String b) {
            return a.compareToIgnoreCase(b);
        }
        if (isNumeric(left) || isNumeric(right)) {
            return toDecimal(left).compareTo(toDecimal(right));
        }
        return left.value().toString().compareToIgnoreCase(right.value().toString());
    }

    private static boolean isNumeric(Value value) {
        return value.value() instanceof Number;
    }

    private static Value arithmetic(SqlKind kind, Value left, Value right) {
        if (left.isNull() || right.isNull()) {
            return Value.ofNull();
        }
        if (left.type().id() == TypeId.DOUBLE || right.type().id() == TypeId.DOUBLE) {
            double a = toDecimal(left).doubleValue();
            double b = toDecimal(right).doubleValue();
            if ((kind == SqlKind.DIVIDE || kind == SqlKind.MOD) && b == 0) {
                return Value.ofNull();
            }
            double result = switch (kind) {
                case PLUS -> a + b;
                case MINUS -> a - b;
                case TIMES -> a * b;
                case DIVIDE -> a / b;
                default -> a % b;
            };
            return new Value(result, DataType.DOUBLE);
        }
        BigDecimal a = toDecimal(left);
        BigDecimal b = toDecimal(right);
        if ((kind == SqlKind.DIVIDE || kind == SqlKind.MOD) && b.signum() == 0) {
            return Value.ofNull();
        }
        BigDecimal result = switch (kind) {
            case PLUS -> a.add(b);
            case MINUS -> a.subtract(b);
            case TIMES -> a.multiply(b);
            // MySQL gives a quotient four more decimal places than its dividend.
            case DIVIDE -> a.divide(b, Math.max(0, a.scale()) + 4, RoundingMode.HALF_UP);
            default -> a.remainder(b);
        };
        return exact(result);
    }

    private static BigDecimal toDecimal(Value value) {
        return switch (value.value()) {
            case BigDecimal d -> d;
            case Double d -> BigDecimal.valueOf(d);
            case Float f -> BigDecimal.valueOf(f);
            case Number n -> new BigDecimal(n.toString());
            case Boolean b -> b ? BigDecimal.ONE : BigDecimal.ZERO;
            default -> parseNumberPrefix(value.value().toString());
        };
    }

    /** MySQL reads the leading number of a string ('12abc' is 12, 'abc' is 0). */
    private static BigDecimal parseNumberPrefix(String text) {
        String trimmed = text.trim();
        int end = 0;
        while (end < trimmed.length() && "+-.0123456789eE".indexOf(trimmed.charAt(end)) >= 0) {
            end++;
        }
        for (int cut = end; cut > 0; cut--) {
            try {
                return new BigDecimal(trimmed.substring(0, cut));
            } catch (NumberFormatException e) {
                // try a shorter prefix
            }
        }
        return BigDecimal.ZERO;
    }

    private Value function(String name, List<SqlNode> operands) {
        String upper = name.toUpperCase(Locale.ROOT);
        return switch (upper) {
            case "DATABASE", "SCHEMA" -> Value.ofString(context.currentDatabase());
            case "USER", "SESSION_USER", "SYSTEM_USER" -> Value.ofString(context.user() + "@" + context.remoteHost());
            case "CURRENT_USER" -> Value.ofString(context.currentAccount());
            case "CONNECTION_ID" -> Value.ofLong(context.connectionId());
            case "VERSION" -> Value.ofString(context.serverVersion());
            case "LAST_INSERT_ID" -> Value.ofLong(0);
            case "NOW", "CURRENT_TIMESTAMP", "LOCALTIME", "LOCALTIMESTAMP", "SYSDATE" ->
                    new Value(LocalDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.SECONDS), DataType.datetime(0));
            case "CURDATE", "CURRENT_DATE" -> new Value(LocalDate.now(ZoneOffset.UTC), DataType.DATE);
            case "CONCAT" -> concat(operands);
            case "UPPER", "UCASE", "LOWER", "LCASE" -> {
                Value operand = evaluate(single(upper, operands));
                if (operand.isNull()) {
                    yield operand;
                }
                String text = operand.value().toString();
                yield Value.ofString(upper.startsWith("U") ? text.toUpperCase(Locale.ROOT) : text.toLowerCase(Locale.ROOT));
            }
            case "IFNULL", "COALESCE" -> {
                for (SqlNode operand : operands) {
                    Value value = evaluate(operand);
                    if (!value.isNull()) {
                        yield value;
                    }
                }
                yield Value.ofNull();
            }
            default -> {
                String lower = name.toLowerCase(Locale.ROOT);
                if (JsonFunctions.isJsonFunction(lower)) {
                    yield json(lower, operands);
                }
                throw ErrorCode.UNKNOWN_FUNCTION.exception(upper);
            }
        };
    }

    /** A JSON accessor over constants, evaluated by the executor's own implementation (same answers). */
    private Value json(String function, List<SqlNode> operands) {
        if (operands.size() != 2) {
            throw ErrorCode.WRONG_ARGUMENTS.exception(function);
        }
        Value document = evaluate(operands.get(0));
        Value path = evaluate(operands.get(1));
        Object result = JsonFunctions.evaluate(function,
                document.isNull() ? null : document.value().toString(), path.isNull() ? null : path.value().toString());
        return switch (result) {
            case null -> Value.ofNull();
            case Long l -> new Value(l, function.endsWith("_int") ? DataType.INT : DataType.BIGINT);
            case Double d -> new Value(d, DataType.DOUBLE);
            default -> Value.ofString(result.toString());
        };
    }

    private Value concat(List<SqlNode> operands) {
        StringBuilder text = new StringBuilder();
        for (SqlNode operand : operands) {
            Value value = evaluate(operand);
            if (value.isNull()) {
                return Value.ofNull();
            }
            text.append(value.value());
        }
        return Value.ofString(text.toString());
    }

    private static SqlNode single(String function, List<SqlNode> operands) {
        if (operands.size() != 1) {
            throw ErrorCode.WRONG_ARGUMENTS.exception(function);
        }
        return operands.get(0);
    }
}
