package io.shoaldb.sql.parser;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.sql.tree.DorisNode;
import java.util.stream.Stream;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.dialect.MysqlSqlDialect;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** unparse of the custom nodes produces text that parses back to the same statement. */
class DorisSqlParserRoundTripTest {
    static Stream<String> customStatements() {
        return DorisSqlParserStatementsTest.statements()
                .map(a -> (String) a.get()[0])
                .filter(sql -> DorisSqlParser.parse(sql) instanceof DorisNode);
    }

    private static String unparse(SqlNode node) {
        return node.toSqlString(MysqlSqlDialect.DEFAULT).getSql();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("customStatements")
    void unparseParsesBackToTheSameText(String sql) {
        SqlNode first = DorisSqlParser.parse(sql);
        String text = unparse(first);
        SqlNode second = DorisSqlParser.parse(text);
        assertThat(second).isInstanceOf(first.getClass());
        assertThat(unparse(second)).isEqualTo(text);
    }

    @Test
    void seedTableUnparsesToDorisSyntax() {
        String text = unparse(DorisSqlParser.parse(DorisSqlParserStatementsTest.SEED_DT)).replace('\n', ' ');
        assertThat(text).contains("CREATE TABLE `dt`", "`id` INT(11) NOT NULL", "`name` VARCHAR(50) NULL",
                "DUPLICATE KEY (`id`)", "DISTRIBUTED BY HASH (`id`) BUCKETS 1",
                "PROPERTIES ('replication_num' = '1', 'group_commit_mode' = 'async_mode')");
    }

    @Test
    void stringsWithQuotesAndBackslashesSurvive() {
        SqlNode n = DorisSqlParser.parse("SHOW TABLES LIKE 'a\\\\b''c\\_%'");
        String text = unparse(n);
        assertThat(((io.shoaldb.sql.tree.SqlShowTables) DorisSqlParser.parse(text)).likePattern())
                .isEqualTo("a\\b'c\\_%");
    }
}
