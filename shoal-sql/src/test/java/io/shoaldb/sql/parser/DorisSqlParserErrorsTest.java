package io.shoaldb.sql.parser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Rejections: which error code, and for syntax errors MySQL's message with the right line and column. */
class DorisSqlParserErrorsTest {
    private static final String PREFIX =
            "You have an error in your SQL syntax; check the manual for the right syntax to use near ";

    private static ShoalException fail(String sql) {
        ShoalException e = catchThrowableOfType(ShoalException.class, () -> DorisSqlParser.parse(sql));
        assertThat(e).as("parse of %s must fail", sql).isNotNull();
        return e;
    }

    private static void assertSyntax(String sql, String near, int line, int column) {
        ShoalException e = fail(sql);
        assertThat(e.code()).isEqualTo(ErrorCode.SYNTAX_ERROR);
        assertThat(e.code().mysqlErrorNumber()).isEqualTo(1064);
        assertThat(e.getMessage()).isEqualTo(PREFIX + "'" + near + "' at line " + line + ", column " + column);
    }

    @Test
    void misspelledKeywordPointsAtTheWord() {
        assertSyntax("SELECT * FORM t", "FORM t", 1, 10);
        assertSyntax("SELECT t.* FORM t", "FORM t", 1, 12);
        assertSyntax("SELECT a, * FORM t;", "FORM t", 1, 13);
    }

    @Test
    void columnNumbersOnOneLine() {
        assertSyntax("SELECT a FROM t WHERE AND b", "AND b", 1, 23);
        assertSyntax("SELECT 1; SELECT 2", "; SELECT 2", 1, 9);
        assertSyntax("SHOW TABLEZ", "TABLEZ", 1, 6);
        assertSyntax("CREATE TABLE t (a INT) DUPLICATE KEY(a) BUCKETS 3", "BUCKETS 3", 1, 41);
    }

    @Test
    void endOfInputIsNearNothing() {
        assertSyntax("SELECT * FROM", "", 1, 14);
        assertSyntax("SELECT * FROM t WHERE  ;", "", 1, 22);
    }

    @Test
    void multiLinePositions() {
        assertSyntax("SELECT a,\n       b\nFROM t\nWHERE x = = 1", "= = 1", 4, 9);
        assertSyntax("SELECT a\n  FROM t\n  WHERE WHERE", "WHERE", 3, 9);
        assertSyntax("SELECT 1\r\nFROM t\r\nWHERE )", ")", 3, 7);
        assertSyntax("SELECT\t*\tFORM t", "FORM t", 1, 10);
    }

    @Test
    void positionsCountTheOriginalTextNotTheUnescapedOne() {
        // The literal holds a real newline after unescaping; the user's text is still one line here.
        assertSyntax("SELECT 'a\\nb\\\\c' FROM t WHERE WHERE", "WHERE", 1, 31);
        assertSyntax("SELECT \"x\"\"y\", /* two\nlines */ 1 FROM t LIMIT LIMIT", "LIMIT", 2, 25);
        assertSyntax("SELECT `we``ird` FROM t # c\nORDER ORDER", "ORDER", 2, 7);
    }

    @Test
    void unterminatedTokens() {
        assertSyntax("SELECT 'abc", "'abc", 1, 8);
        assertSyntax("SELECT \"abc\\\"", "\"abc\\\"", 1, 8);
        assertSyntax("SELECT `abc", "`abc", 1, 8);
        assertSyntax("SELECT 1 /* open", "/* open", 1, 10);
        assertSyntax("SELECT 'ends with backslash\\", "'ends with backslash\\", 1, 8);
    }

    @Test
    void garbage() {
        assertThat(fail("hello world").code()).isEqualTo(ErrorCode.SYNTAX_ERROR);
        assertThat(fail("!!!").code()).isEqualTo(ErrorCode.SYNTAX_ERROR);
        assertThat(fail("SET @user_var = 1").code()).isEqualTo(ErrorCode.SYNTAX_ERROR);
        assertThat(fail("SELECT @@").code()).isEqualTo(ErrorCode.SYNTAX_ERROR);
        assertThat(fail("SHOW TRANSACTION WHERE foo = 1").code()).isEqualTo(ErrorCode.SYNTAX_ERROR);
        assertThat(fail("SHOW TRANSACTION WHERE ID = 'abc'").code()).isEqualTo(ErrorCode.SYNTAX_ERROR);
        assertThat(fail("INSERT INTO t").code()).isEqualTo(ErrorCode.SYNTAX_ERROR);
    }

    @Test
    void threePartNamesAreSyntaxErrors() {
        assertSyntax("DROP TABLE a.b.c", "a.b.c", 1, 12);
    }

    @Test
    void nearTextIsCappedAtEightyCharacters() {
        String tail = "x".repeat(200);
        ShoalException e = fail("SELECT * FROM t WHERE WHERE " + tail);
        assertThat(e.getMessage()).contains("near 'WHERE " + "x".repeat(74) + "' at line 1, column 23");
    }

    @Test
    void unknownType() {
        ShoalException e = fail("CREATE TABLE t (a FOO)");
        assertThat(e.code()).isEqualTo(ErrorCode.UNKNOWN_TYPE);
        assertThat(e.getMessage()).isEqualTo("Unknown data type 'FOO'");
        assertThat(fail("CREATE TABLE t (a INT, b TIMESTAMP)").code()).isEqualTo(ErrorCode.UNKNOWN_TYPE);
    }

    @Test
    void invalidTypeParameters() {
        ShoalException e = fail("CREATE TABLE t (a DECIMAL(40,2))");
        assertThat(e.code()).isEqualTo(ErrorCode.INVALID_TYPE);
        assertThat(e.getMessage()).contains("decimal(40,2)");
        assertThat(fail("CREATE TABLE t (a DECIMAL(5,6))").code()).isEqualTo(ErrorCode.INVALID_TYPE);
        assertThat(fail("CREATE TABLE t (a VARCHAR(0))").code()).isEqualTo(ErrorCode.INVALID_TYPE);
        assertThat(fail("CREATE TABLE t (a CHAR(256))").code()).isEqualTo(ErrorCode.INVALID_TYPE);
        assertThat(fail("CREATE TABLE t (a DATETIME(7))").code()).isEqualTo(ErrorCode.INVALID_TYPE);
        assertThat(fail("CREATE TABLE t (a INT(1,2))").code()).isEqualTo(ErrorCode.INVALID_TYPE);
        assertThat(fail("CREATE TABLE t (a STRING(10))").code()).isEqualTo(ErrorCode.INVALID_TYPE);
        assertThat(fail("ALTER TABLE t ADD COLUMN c DECIMAL(39)").code()).isEqualTo(ErrorCode.INVALID_TYPE);
    }

    @Test
    void autoIncrementIsNotSupportedYet() {
        ShoalException e = fail("CREATE TABLE t (id BIGINT NOT NULL AUTO_INCREMENT, v INT)");
        assertThat(e.code()).isEqualTo(ErrorCode.NOT_SUPPORTED);
        assertThat(e.getMessage()).contains("AUTO_INCREMENT");
    }

    @Test
    void zeroBuckets() {
        assertThat(fail("CREATE TABLE t (a INT) DISTRIBUTED BY HASH(a) BUCKETS 0").code())
                .isEqualTo(ErrorCode.INVALID_TABLE_DEFINITION);
    }

    @ParameterizedTest
    @NullSource
    @ValueSource(strings = {"", "   ", "\n\t", ";", " ; ", "/* only a comment */", "-- dash comment", "# hash comment",
            "/* mysql-connector-j-9.1.0 */ ;"})
    void emptyQueries(String sql) {
        assertThat(fail(sql).code()).isEqualTo(ErrorCode.EMPTY_QUERY);
    }
}
