package io.shoaldb.sql.parser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.common.error.ShoalException;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** MySQL's CONVERT(x, type), CONVERT(x USING charset) and its integer CAST targets SIGNED / UNSIGNED [INTEGER]. */
class DorisSqlParserConvertTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "CAST(a AS SIGNED)|BIGINT",
        "CAST(a AS SIGNED INTEGER)|BIGINT",
        "cast(a as signed int)|BIGINT",
        "CAST(a AS UNSIGNED)|UINTEGER",
        "CAST(a AS UNSIGNED INTEGER)|UINTEGER",
        "CONVERT(a, SIGNED)|BIGINT",
        "CONVERT(a, UNSIGNED INTEGER)|UINTEGER",
        "CONVERT(a, CHAR)|VARCHAR",
        "CAST(a AS CHAR(3))|VARCHAR",
        "CAST(a AS CHAR VARYING(3))|VARCHAR",
        "CAST(a AS CHAR CHARACTER SET utf8mb4)|VARCHAR",
        "CONVERT(a, CHAR(10) CHARSET utf8)|VARCHAR",
        "CAST(a AS VARCHAR(3))|VARCHAR",
        "CONVERT(a, DECIMAL(10, 2))|DECIMAL",
        "CONVERT(a, DATETIME)|TIMESTAMP",
        "CONVERT((SELECT max(b) FROM t), DATE)|DATE",
        "CONVERT(CASE a WHEN 1 THEN 2 ELSE a END, UNSIGNED INTEGER)|UINTEGER",
    })
    void castsTo(String expression, SqlTypeName type) {
        SqlBasicCall cast = (SqlBasicCall) selectItem("SELECT " + expression + " FROM t");
        assertThat(cast.getOperator()).isSameAs(SqlStdOperatorTable.CAST);
        SqlDataTypeSpec spec = (SqlDataTypeSpec) cast.operand(1);
        assertThat(spec.getTypeName().getSimple()).isEqualTo(type.getName());
    }

    @Test
    void convertUsingIsACastToText() {
        SqlBasicCall cast = (SqlBasicCall) selectItem("SELECT CONVERT(a USING utf8mb4) FROM t");
        assertThat(cast.getOperator()).isSameAs(SqlStdOperatorTable.CAST);
        assertThat(((SqlDataTypeSpec) cast.operand(1)).getTypeName().getSimple()).isEqualTo("VARCHAR");
    }

    @Test
    void signedStaysAName() {
        SqlSelect select = (SqlSelect) DorisSqlParser.parse("SELECT signed, unsigned_total FROM signed");
        assertThat(((SqlIdentifier) select.getSelectList().get(0)).getSimple()).isEqualTo("signed");
        assertThat(((SqlIdentifier) select.getFrom()).getSimple()).isEqualTo("signed");
    }

    @Test
    void convertIsAnOperandOfLargerExpressions() {
        SqlBasicCall plus = (SqlBasicCall) selectItem("SELECT 1 + CONVERT(a, SIGNED) FROM t");
        assertThat(plus.getKind()).isEqualTo(SqlKind.PLUS);
        assertThat(((SqlBasicCall) plus.operand(1)).getOperator()).isSameAs(SqlStdOperatorTable.CAST);
    }

    @Test
    void convertWithoutTypeIsASyntaxError() {
        assertThatThrownBy(() -> DorisSqlParser.parse("SELECT CONVERT(a) FROM t"))
                .isInstanceOf(ShoalException.class).hasMessageContaining("near ') FROM t'");
        assertThatThrownBy(() -> DorisSqlParser.parse("SELECT CONVERT(a, 1) FROM t"))
                .isInstanceOf(ShoalException.class).hasMessageContaining("near '1) FROM t'");
    }

    private static SqlNode selectItem(String sql) {
        return ((SqlSelect) DorisSqlParser.parse(sql)).getSelectList().get(0);
    }
}
