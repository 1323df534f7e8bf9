package io.shoaldb.catalog.model;

import io.shoaldb.vector.type.DataType;
import io.shoaldb.vector.type.TypeId;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses and spells the types a sequence column may have: Doris allows integer, date and datetime types.
 * The spelling is Doris's short lower-case name ({@code int}, {@code datetime(3)}), which is what
 * SHOW CREATE TABLE prints for {@code function_column.sequence_type}.
 */
public final class SequenceTypes {
    private static final Pattern DATETIME = Pattern.compile("datetime(?:v2)?\\s*(?:\\(\\s*(\\d)\\s*\\))?");

    private SequenceTypes() {
    }

    public static Optional<DataType> parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        DataType simple = switch (t) {
            case "tinyint" -> DataType.TINYINT;
            case "smallint" -> DataType.SMALLINT;
            case "int", "integer" -> DataType.INT;
            case "bigint" -> DataType.BIGINT;
            case "largeint" -> DataType.LARGEINT;
            case "date", "datev2" -> DataType.DATE;
            default -> null;
        };
        if (simple != null) {
            return Optional.of(simple);
        }
        Matcher m = DATETIME.matcher(t);
        if (m.matches()) {
            int scale = m.group(1) == null ? 0 : Integer.parseInt(m.group(1));
            return scale <= DataType.MAX_DATETIME_SCALE ? Optional.of(DataType.datetime(scale)) : Optional.empty();
        }
        return Optional.empty();
    }

    /** Whether a column of this type can order the versions of a UNIQUE KEY row. */
    public static boolean allowed(DataType type) {
        return type.id().isInteger() || type.id() == TypeId.DATE || type.id() == TypeId.DATETIME;
    }

    public static String spell(DataType type) {
        return switch (type.id()) {
            case DATETIME -> type.scale() == 0 ? "datetime" : "datetime(" + type.scale() + ")";
            default -> type.id().name().toLowerCase(Locale.ROOT);
        };
    }
}
