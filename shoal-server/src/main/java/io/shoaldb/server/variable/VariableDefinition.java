package io.shoaldb.server.variable;

import io.shoaldb.common.error.ErrorCode;
import java.util.Locale;
import java.util.Set;

/**
 * One system variable. Values are kept as normalised text (what SHOW VARIABLES prints), and converted
 * when selected with {@code @@name}. {@code id} is the variable's slot in the value arrays of
 * {@link GlobalVariables} and {@link SessionVariables}, given by the registry (-1 until registered), so that the
 * statement path reads a value by index rather than by name.
 */
public record VariableDefinition(String name, VariableType type, String defaultValue, VariableScope scope,
        boolean nullable, long min, long max, Set<String> allowed, int id) {

    static VariableDefinition of(String name, VariableType type, String defaultValue) {
        return new VariableDefinition(name, type, defaultValue, VariableScope.SESSION_AND_GLOBAL, false,
                Long.MIN_VALUE, Long.MAX_VALUE, Set.of(), -1);
    }

    VariableDefinition withScope(VariableScope newScope) {
        return new VariableDefinition(name, type, defaultValue, newScope, nullable, min, max, allowed, id);
    }

    VariableDefinition allowingNull() {
        return new VariableDefinition(name, type, defaultValue, scope, true, min, max, allowed, id);
    }

    VariableDefinition range(long low, long high) {
        return new VariableDefinition(name, type, defaultValue, scope, nullable, low, high, allowed, id);
    }

    VariableDefinition oneOf(String... words) {
        return new VariableDefinition(name, VariableType.ENUM, defaultValue, scope, nullable, min, max, Set.of(words),
                id);
    }

    VariableDefinition withId(int newId) {
        return new VariableDefinition(name, type, defaultValue, scope, nullable, min, max, allowed, newId);
    }

    /**
     * Validates and normalises a value given to SET; {@code null} is SQL NULL.
     *
     * @throws io.shoaldb.common.error.ShoalException WRONG_VALUE_FOR_VAR or WRONG_TYPE_FOR_VAR
     */
    public String normalise(String value) {
        if (value == null) {
            if (!nullable) {
                throw ErrorCode.WRONG_VALUE_FOR_VAR.exception(name, "NULL");
            }
            return null;
        }
        String trimmed = value.trim();
        String lower = trimmed.toLowerCase(Locale.ROOT);
        return switch (type) {
            case ON_OFF, BOOLEAN -> {
                boolean on = switch (lower) {
                    case "1", "on", "true" -> true;
                    case "0", "off", "false" -> false;
                    default -> throw ErrorCode.WRONG_VALUE_FOR_VAR.exception(name, value);
                };
                yield type == VariableType.ON_OFF ? (on ? "ON" : "OFF") : Boolean.toString(on);
            }
            case INTEGER -> {
                long parsed;
                try {
                    parsed = Long.parseLong(trimmed);
                } catch (NumberFormatException e) {
                    throw ErrorCode.WRONG_TYPE_FOR_VAR.exception(name);
                }
                if (parsed < min || parsed > max) {
                    throw ErrorCode.WRONG_VALUE_FOR_VAR.exception(name, value);
                }
                yield Long.toString(parsed);
            }
            case DOUBLE -> {
                double parsed;
                try {
                    parsed = Double.parseDouble(trimmed);
                } catch (NumberFormatException e) {
                    throw ErrorCode.WRONG_TYPE_FOR_VAR.exception(name);
                }
                if (Double.isNaN(parsed) || parsed < min || parsed > max) {
                    throw ErrorCode.WRONG_VALUE_FOR_VAR.exception(name, value);
                }
                yield Double.toString(parsed);
            }
            case ENUM -> allowed.stream().filter(word -> word.equalsIgnoreCase(trimmed)).findFirst()
                    .orElseThrow(() -> ErrorCode.WRONG_VALUE_FOR_VAR.exception(name, value));
            case STRING -> value;
        };
    }

    /** The value as {@code SELECT @@name} returns it: numbers and switches as numbers, the rest as text. */
    public Object selectValue(String normalised) {
        if (normalised == null) {
            return null;
        }
        return switch (type) {
            case ON_OFF -> "ON".equals(normalised) ? 1L : 0L;
            case BOOLEAN -> Boolean.parseBoolean(normalised) ? 1L : 0L;
            case INTEGER -> Long.parseLong(normalised);
            case DOUBLE -> Double.parseDouble(normalised);
            case STRING, ENUM -> normalised;
        };
    }
}
