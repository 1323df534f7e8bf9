package io.shoaldb.vector.type;

/**
 * The column types ShoalDB stores. Values cross module boundaries (results, parameters) as: BOOLEAN
 * Boolean; TINYINT..BIGINT Long; LARGEINT BigInteger; FLOAT Float; DOUBLE Double; DECIMAL BigDecimal;
 * DATE LocalDate; DATETIME LocalDateTime; CHAR, VARCHAR, STRING, JSON String.
 */
public enum TypeId {
    BOOLEAN,
    TINYINT,
    SMALLINT,
    INT,
    BIGINT,
    LARGEINT,
    FLOAT,
    DOUBLE,
    DECIMAL,
    DATE,
    DATETIME,
    CHAR,
    VARCHAR,
    STRING,
    JSON;

    public boolean isInteger() {
        return this == TINYINT || this == SMALLINT || this == INT || this == BIGINT || this == LARGEINT;
    }

    public boolean isString() {
        return this == CHAR || this == VARCHAR || this == STRING;
    }
}
