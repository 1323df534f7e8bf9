package io.shoaldb.sql.parser;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.sql.parser.LiteralInsert.Kind;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** What the literal-INSERT scanner records: kinds, integers, strings, rows; the tree is checked in LiteralInsertParserTest. */
class LiteralInsertScannerTest {
    @Test
    void recordsEachValueAsAKindAndItsText() {
        LiteralInsert insert = LiteralInsertScanner.scan(
                "INSERT INTO d.t (a, b) VALUES (-9223372036854775808, 'x''y'), (9223372036854775807, \"plain\"),"
                        + " (9223372036854775808, NULL), (+7, TRUE), (-0.5, false), (1e3, ?), (007, 'é\\n')");
        assertThat(insert).isNotNull();
        assertThat(insert.database()).isEqualTo("d");
        assertThat(insert.table()).isEqualTo("t");
        assertThat(insert.columns()).containsExactly("a", "b");
        assertThat(insert.rowCount()).isEqualTo(7);
        assertThat(insert.valueCount()).isEqualTo(14);
        assertThat(insert.kind(0)).isEqualTo(Kind.INTEGER);
        assertThat(insert.longValue(0)).isEqualTo(Long.MIN_VALUE);
        assertThat(insert.kind(1)).isEqualTo(Kind.ESCAPED_STRING);
        assertThat(insert.stringText(1)).isEqualTo("x'y");
        assertThat(insert.longValue(2)).isEqualTo(Long.MAX_VALUE);
        assertThat(insert.kind(3)).isEqualTo(Kind.STRING);
        assertThat(insert.stringBytes(3)).isEqualTo("plain".getBytes(StandardCharsets.UTF_8));
        assertThat(insert.kind(4)).as("past 64 bits").isEqualTo(Kind.EXACT);
        assertThat(insert.numberText(4)).isEqualTo("9223372036854775808");
        assertThat(insert.kind(5)).isEqualTo(Kind.NULL);
        assertThat(insert.longValue(6)).isEqualTo(7);
        assertThat(insert.numberText(6)).as("no leading +").isEqualTo("7");
        assertThat(insert.kind(7)).isEqualTo(Kind.TRUE);
        assertThat(insert.kind(8)).isEqualTo(Kind.EXACT);
        assertThat(insert.numberText(8)).isEqualTo("-0.5");
        assertThat(insert.kind(9)).isEqualTo(Kind.FALSE);
        assertThat(insert.kind(10)).isEqualTo(Kind.APPROX);
        assertThat(insert.kind(11)).isEqualTo(Kind.PARAMETER);
        assertThat(insert.parameterIndex(11)).isZero();
        assertThat(insert.parameterCount()).isEqualTo(1);
        assertThat(insert.longValue(12)).isEqualTo(7);
        assertThat(insert.stringBytes(13)).isEqualTo("é\n".getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void rowsMayDifferInWidthForTheCallerToRefuse() {
        LiteralInsert insert = LiteralInsertScanner.scan("INSERT INTO t VALUES (1, 2), (3), (4, 5, 6)");
        assertThat(insert.rowWidth(0)).isEqualTo(2);
        assertThat(insert.rowWidth(1)).isEqualTo(1);
        assertThat(insert.rowWidth(2)).isEqualTo(3);
        assertThat(insert.valueIndex(2, 0)).isEqualTo(3);
    }

    @Test
    void stepsAsideForCommentsExpressionsAndOtherStatements() {
        assertThat(LiteralInsertScanner.scan("/* c */ INSERT INTO t VALUES (1)")).isNull();
        assertThat(LiteralInsertScanner.scan("INSERT INTO t VALUES (1 + 2)")).isNull();
        assertThat(LiteralInsertScanner.scan("INSERT INTO t VALUES (1٣)")).as("a non-ASCII digit").isNull();
        assertThat(LiteralInsertScanner.scan("SELECT * FROM t WHERE a = 'INSERT INTO'")).isNull();
        assertThat(LiteralInsertScanner.scan(null)).isNull();
    }
}
