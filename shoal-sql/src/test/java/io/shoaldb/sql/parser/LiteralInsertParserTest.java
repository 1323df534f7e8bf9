package io.shoaldb.sql.parser;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.sql.tree.SqlDorisInsert;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The literal-INSERT fast path must mean exactly what the full parser means, and step aside otherwise. */
class LiteralInsertParserTest {
    @ParameterizedTest
    @ValueSource(strings = {
        "INSERT INTO dt VALUES (1, 'Bob', 90), (2, 'Alice', 99)",
        "insert into d.dt(id, name) values(3, 'John');",
        "INSERT INTO `my table` (`a``b`, c) VALUE (-1.50, NULL), (+2e3, TRUE)",
        "INSERT INTO t VALUES ('it''s', 'a\\'b', \"dq\", 'x\\\\y', '\\%', '\\n')",
        "INSERT INTO t VALUES (?, ?, ?), (?, ?, ?)",
        "  INSERT   INTO t\n VALUES\t(.5, 12345678901234567890123, FALSE)  "
    })
    void agreesWithTheFullParser(String sql) {
        SqlDorisInsert fast = LiteralInsertParser.tryParse(sql);
        assertThat(fast).as("fast path taken").isNotNull();
        assertThat(describe(fast)).isEqualTo(describe((SqlDorisInsert) DorisSqlParser.parseFully(sql)));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "INSERT INTO t VALUES (1 + 100)",
        "INSERT INTO t WITH LABEL l VALUES (1)",
        "INSERT INTO t SELECT 1",
        "INSERT INTO t VALUES (1) /* comment */",
        "INSERT INTO t VALUES (CAST('2020-01-01' AS DATE))",
        "INSERT INTO t VALUES (DATE '2020-01-01')",
        "INSERT INTO t VALUES (0x1F)",
        "INSERT INTO t VALUES (1), garbage",
        "INSERT INTO t VALUES ('unterminated)",
        "INSERT INTO t VALUES (12abc)",
        "INSERT OVERWRITE TABLE t VALUES (1)"
    })
    void stepsAsideForAnythingElse(String sql) {
        assertThat(LiteralInsertParser.tryParse(sql)).isNull();
    }

    @Test
    void randomLiteralInsertsMeanTheSameOnBothPaths() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int n = 0; n < 300; n++) {
            StringBuilder sql = new StringBuilder("INSERT INTO t (a, b, c) VALUES ");
            int rows = 1 + random.nextInt(5);
            for (int r = 0; r < rows; r++) {
                sql.append(r == 0 ? "" : ", ").append('(');
                for (int c = 0; c < 3; c++) {
                    sql.append(c == 0 ? "" : ", ").append(randomLiteral(random));
                }
                sql.append(')');
            }
            String text = sql.toString();
            SqlDorisInsert fast = LiteralInsertParser.tryParse(text);
            assertThat(fast).as("seed %d: %s", seed, text).isNotNull();
            assertThat(describe(fast)).as("seed %d: %s", seed, text)
                    .isEqualTo(describe((SqlDorisInsert) DorisSqlParser.parseFully(text)));
        }
    }

    private static String randomLiteral(Random random) {
        return switch (random.nextInt(7)) {
            case 0 -> Long.toString(random.nextLong());
            case 1 -> (random.nextBoolean() ? "-" : "") + random.nextInt(1000) + "." + random.nextInt(1000);
            case 2 -> random.nextInt(100) + "e" + (random.nextInt(20) - 10);
            case 3 -> "NULL";
            case 4 -> random.nextBoolean() ? "TRUE" : "false";
            default -> {
                StringBuilder s = new StringBuilder("'");
                String alphabet = "ab c'\\\"%_\n\u00e9\u4e2d";
                for (int i = random.nextInt(8); i > 0; i--) {
                    char ch = alphabet.charAt(random.nextInt(alphabet.length()));
                    s.append(ch == '\'' ? "''" : ch == '\\' ? "\\\\" : String.valueOf(ch));
                }
                yield s.append('\'').toString();
            }
        };
    }

    /** What an INSERT means: target, columns, and each value as kind and value (a signed number as one). */
    private static String describe(SqlDorisInsert insert) {
        List<String> values = new ArrayList<>();
        for (SqlNode row : ((SqlBasicCall) insert.source()).getOperandList()) {
            List<String> cells = new ArrayList<>();
            for (SqlNode value : ((SqlBasicCall) row).getOperandList()) {
                cells.add(value(value));
            }
            values.add(cells.toString());
        }
        return insert.database() + "." + insert.table() + " " + insert.columns() + " " + values;
    }

    private static String value(SqlNode node) {
        if (node instanceof SqlDynamicParam param) {
            return "?" + param.getIndex();
        }
        if (node instanceof SqlBasicCall call && call.getKind() == SqlKind.MINUS_PREFIX) {
            return negate(value(call.operand(0)));
        }
        if (node instanceof SqlBasicCall call && call.getKind() == SqlKind.PLUS_PREFIX) {
            return value(call.operand(0));
        }
        SqlLiteral literal = (SqlLiteral) node;
        Object v = literal.getValue() == null ? null : switch (literal.getTypeName()) {
            case DECIMAL, INTEGER, BIGINT -> literal.getValueAs(java.math.BigDecimal.class).stripTrailingZeros()
                    .toPlainString();
            case DOUBLE, REAL, FLOAT -> Double.toString(literal.getValueAs(Double.class));
            case CHAR, VARCHAR -> "'" + literal.getValueAs(String.class) + "'";
            default -> literal.toValue();
        };
        return literal.getTypeName().getFamily() + ":" + v;
    }

    private static String negate(String described) {
        int colon = described.indexOf(':');
        String number = described.substring(colon + 1);
        return described.substring(0, colon + 1) + (number.startsWith("-") ? number.substring(1)
                : number.equals("0") ? "0" : "-" + number);
    }
}
