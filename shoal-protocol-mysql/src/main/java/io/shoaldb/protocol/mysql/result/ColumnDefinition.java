package io.shoaldb.protocol.mysql.result;

import io.shoaldb.api.ResultColumn;
import io.shoaldb.protocol.mysql.codec.PayloadWriter;
import io.shoaldb.vector.type.DataType;

/**
 * How one ShoalDB type presents itself to MySQL clients, and the Protocol::ColumnDefinition41 packet for a
 * column. The choices follow what clients infer from them: BOOLEAN is TINY of length 1 so that Connector/J
 * (tinyInt1isBit) reads it as a boolean; LARGEINT has no MySQL counterpart and travels as DECIMAL(39,0) text,
 * because Connector/J parses a CHAR column of digits as a long and fails beyond 64 bits; DATE and DATETIME are
 * binary-charset as in MySQL.
 *
 * @param type the enum_field_types code
 * @param length the maximum display length in bytes
 * @param decimals the digits after the point (0x1F for floating point: "not fixed")
 * @param charset the collation id of the column's text form
 * @param flags column flags other than NOT_NULL
 */
public record ColumnDefinition(int type, long length, int decimals, int charset, int flags) {
    private static final int NUMERIC = MySqlType.FLAG_BINARY | MySqlType.FLAG_NUM;
    private static final int FLOATING_DECIMALS = 0x1F;
    private static final int UTF8MB4_MAX_BYTES = 4;

    public static ColumnDefinition of(DataType type) {
        return switch (type.id()) {
            case BOOLEAN -> new ColumnDefinition(MySqlType.TINY, 1, 0, MySqlType.CHARSET_BINARY, NUMERIC);
            case TINYINT -> new ColumnDefinition(MySqlType.TINY, 4, 0, MySqlType.CHARSET_BINARY, NUMERIC);
            case SMALLINT -> new ColumnDefinition(MySqlType.SHORT, 6, 0, MySqlType.CHARSET_BINARY, NUMERIC);
            case INT -> new ColumnDefinition(MySqlType.LONG, 11, 0, MySqlType.CHARSET_BINARY, NUMERIC);
            case BIGINT -> new ColumnDefinition(MySqlType.LONGLONG, 20, 0, MySqlType.CHARSET_BINARY, NUMERIC);
            // 39 digits and a sign: no MySQL integer holds it, DECIMAL(39,0) does, and clients read it as BigDecimal.
            case LARGEINT -> new ColumnDefinition(MySqlType.NEWDECIMAL, 40, 0, MySqlType.CHARSET_BINARY, NUMERIC);
            case FLOAT -> new ColumnDefinition(MySqlType.FLOAT, 12, FLOATING_DECIMALS, MySqlType.CHARSET_BINARY, NUMERIC);
            case DOUBLE -> new ColumnDefinition(MySqlType.DOUBLE, 22, FLOATING_DECIMALS, MySqlType.CHARSET_BINARY,
                    NUMERIC);
            case DECIMAL -> new ColumnDefinition(MySqlType.NEWDECIMAL,
                    type.precision() + (type.scale() > 0 ? 1 : 0) + 1, type.scale(), MySqlType.CHARSET_BINARY, NUMERIC);
            case DATE -> new ColumnDefinition(MySqlType.DATE, 10, 0, MySqlType.CHARSET_BINARY, MySqlType.FLAG_BINARY);
            case DATETIME -> new ColumnDefinition(MySqlType.DATETIME, 19 + (type.scale() > 0 ? type.scale() + 1 : 0),
                    type.scale(), MySqlType.CHARSET_BINARY, MySqlType.FLAG_BINARY);
            case CHAR -> new ColumnDefinition(MySqlType.STRING, (long) type.length() * UTF8MB4_MAX_BYTES, 0,
                    MySqlType.CHARSET_UTF8MB4, 0);
            case VARCHAR -> new ColumnDefinition(MySqlType.VAR_STRING, (long) type.length() * UTF8MB4_MAX_BYTES, 0,
                    MySqlType.CHARSET_UTF8MB4, 0);
            // A TEXT column: MySQL reports TEXT as BLOB with a text collation, which is how clients tell them apart.
            case STRING -> new ColumnDefinition(MySqlType.BLOB, 0xFFFFFF, 0, MySqlType.CHARSET_UTF8MB4,
                    MySqlType.FLAG_BLOB);
            // JSON is utf8mb4 text; declaring it so (not binary, as MySQL does) keeps every client decoding it as text.
            case JSON -> new ColumnDefinition(MySqlType.JSON, 0xFFFFFFFFL, 0, MySqlType.CHARSET_UTF8MB4,
                    MySqlType.FLAG_BLOB);
        };
    }

    /** A placeholder's definition in a COM_STMT_PREPARE reply: its type is unknown until bound, as in MySQL. */
    public static final ColumnDefinition PARAMETER =
            new ColumnDefinition(MySqlType.VAR_STRING, 0, 0, MySqlType.CHARSET_BINARY, MySqlType.FLAG_BINARY);

    /** Writes Protocol::ColumnDefinition41 for {@code column}. */
    public static PayloadWriter packet(ResultColumn column) {
        ColumnDefinition definition = of(column.type());
        int flags = definition.flags() | (column.nullable() ? 0 : MySqlType.FLAG_NOT_NULL);
        return definition.write(column.database(), column.table(), column.name(), flags);
    }

    /** Writes the definition of the {@code ?} placeholder. */
    public static PayloadWriter parameterPacket() {
        return PARAMETER.write("", "", "?", PARAMETER.flags());
    }

    private PayloadWriter write(String database, String table, String name, int allFlags) {
        PayloadWriter out = new PayloadWriter(64 + name.length() * 2);
        out.lenencString("def")
                .lenencString(nullToEmpty(database))
                .lenencString(nullToEmpty(table))
                .lenencString(nullToEmpty(table))
                .lenencString(nullToEmpty(name))
                .lenencString(nullToEmpty(name))
                .lenencInt(0x0C)
                .int2(charset)
                .int4(Math.min(length, 0xFFFFFFFFL))
                .int1(type)
                .int2(allFlags)
                .int1(decimals)
                .zeros(2);
        return out;
    }

    private static String nullToEmpty(String value) {
        return value == null ? "" : value;
    }
}
