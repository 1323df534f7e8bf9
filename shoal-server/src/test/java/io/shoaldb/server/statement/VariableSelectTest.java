package io.shoaldb.server.statement;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.sql.parser.DorisSqlParser;
import io.shoaldb.sql.tree.SqlSystemVariable;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the text recogniser of system-variable SELECTs takes (and that it reads those exactly as the parser does:
 * same labels, names and scopes) and what it leaves to the parser.
 */
class VariableSelectTest {
    @ParameterizedTest
    @ValueSource(strings = {
        "SELECT @@session.transaction_read_only",
        "select @@session.tx_read_only",
        "SELECT @@version_comment",
        "  SELECT\t@@Session.Auto_Increment_Increment ,@@global.max_allowed_packet,@@local.autocommit \n",
        "SELECT @@LOCAL.time_zone AS tz, @@GLOBAL.time_zone gtz",
        "SELECT @@session.transaction_read_only as `read only`",
        "SELECT @@version AS version",
        "SELECT @@sql_mode mode",
    })
    void takesWhatTheParserReadsTheSameWay(String sql) {
        VariableSelect recognised = VariableSelect.recognise(sql);
        assertThat(recognised).as(sql).isNotNull();
        List<SqlNode> items = ((SqlSelect) DorisSqlParser.parse(sql)).getSelectList().getList();
        assertThat(recognised.items()).hasSameSizeAs(items);
        for (int i = 0; i < items.size(); i++) {
            SqlNode item = items.get(i);
            SqlSystemVariable variable = (SqlSystemVariable) (item instanceof SqlBasicCall as ? as.operand(0) : item);
            VariableSelect.Item read = recognised.items().get(i);
            assertThat(read.label()).isEqualTo(SourceText.label(item, sql));
            assertThat(read.name().toLowerCase(Locale.ROOT)).isEqualTo(variable.name());
            assertThat(read.global()).isEqualTo(variable.scope() == SqlSystemVariable.Scope.GLOBAL);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "SELECT @@session.transaction_read_only FROM DUAL",
        "SELECT @@x LIMIT 1",
        "SELECT @@x WHERE 1",
        "SELECT @@x;",
        "SELECT @@x, 1",
        "SELECT 1",
        "SELECT @x",
        "SELECT @@",
        "SELECT @@session.",
        "SELECT @@foo.bar",
        "SELECT @@session.x.y",
        "SELECT @@1x",
        "SELECT @@x AS",
        "SELECT @@x AS 'quoted'",
        "SELECT @@x AS \"quoted\"",
        "SELECT @@x AS `a``b`",
        "SELECT @@x AS ``",
        "SELECT @@x from",
        "SELECT @@x AS select",
        "SELECT @@x a b",
        "SELECT @@x,",
        "SELECT DISTINCT @@x",
        "SELECT @@x /* note */",
        "/* note */ SELECT @@x",
        "SELECT@@x",
        "SELECTED @@x",
        "SELECT @@x + 1",
        "SELECT (@@x)",
        "SELECT @@session . x",
        "",
    })
    void leavesEverythingElseToTheParser(String sql) {
        assertThat(VariableSelect.recognise(sql)).as(sql).isNull();
    }
}
