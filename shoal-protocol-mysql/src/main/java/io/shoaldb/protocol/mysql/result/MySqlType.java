package io.shoaldb.protocol.mysql.result;

/** The protocol's column type codes (enum_field_types) and column definition flags. */
public final class MySqlType {
    public static final int DECIMAL = 0;
    public static final int TINY = 1;
    public static final int SHORT = 2;
    public static final int LONG = 3;
    public static final int FLOAT = 4;
    public static final int DOUBLE = 5;
    public static final int NULL = 6;
    public static final int TIMESTAMP = 7;
    public static final int LONGLONG = 8;
    public static final int INT24 = 9;
    public static final int DATE = 10;
    public static final int TIME = 11;
    public static final int DATETIME = 12;
    public static final int YEAR = 13;
    public static final int NEWDATE = 14;
    public static final int VARCHAR = 15;
    public static final int BIT = 16;
    public static final int TIMESTAMP2 = 17;
    public static final int DATETIME2 = 18;
    public static final int TIME2 = 19;
    public static final int JSON = 245;
    public static final int NEWDECIMAL = 246;
    public static final int ENUM = 247;
    public static final int SET = 248;
    public static final int TINY_BLOB = 249;
    public static final int MEDIUM_BLOB = 250;
    public static final int LONG_BLOB = 251;
    public static final int BLOB = 252;
    public static final int VAR_STRING = 253;
    public static final int STRING = 254;
    public static final int GEOMETRY = 255;

    public static final int FLAG_NOT_NULL = 1;
    public static final int FLAG_BLOB = 16;
    public static final int FLAG_UNSIGNED = 32;
    public static final int FLAG_BINARY = 128;
    public static final int FLAG_NUM = 32768;

    /** utf8mb4_general_ci: every client since MySQL 5.5.3 knows it, unlike 255 (utf8mb4_0900_ai_ci). */
    public static final int CHARSET_UTF8MB4 = 45;
    /** binary: numbers and dates, whose text form is ASCII anyway. */
    public static final int CHARSET_BINARY = 63;

    private MySqlType() {
    }
}
