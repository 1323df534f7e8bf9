package io.shoaldb.sql.parser;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Words Calcite reserves but MySQL lets users choose as names: they must work as names and keep
 * working in their SQL roles (aggregates, date parts).
 */
class ReservedWordsTest {
    @ParameterizedTest
    @ValueSource(strings = {
        "SELECT 1 AS one",
        "SELECT count(*) AS count, sum(v) AS sum, min(v) AS min, max(v) AS max, avg(v) AS avg FROM t",
        "SELECT value, year, month, day, hour, minute, second, result, position FROM t",
        "SELECT t.value FROM t WHERE year > 2020 GROUP BY year ORDER BY value",
        "CREATE TABLE t (value INT, year INT, count BIGINT, rank INT) DISTRIBUTED BY HASH(value) BUCKETS 1",
        "INSERT INTO t (value, year) VALUES (1, 2020)",
        "SELECT EXTRACT(YEAR FROM d), YEAR(d), COUNT(DISTINCT v) FROM t",
        "SELECT d + INTERVAL 1 DAY FROM t",
        "SHOW VARIABLES WHERE Variable_name = 'x'"
    })
    void parses(String sql) {
        assertThat(DorisSqlParser.parse(sql)).isNotNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"SELECT count(*) FROM t", "SELECT COUNT(v) AS count FROM t"})
    void countStillCallsTheFunctionNamedCount(String sql) {
        SqlSelect select = (SqlSelect) DorisSqlParser.parse(sql);
        SqlNode item = select.getSelectList().get(0);
        if (item.getKind() == SqlKind.AS) {
            item = ((SqlBasicCall) item).operand(0);
        }
        // A non-reserved COUNT parses as a call by name; Calcite's validator resolves it to the aggregate.
        assertThat(((SqlBasicCall) item).getOperator().getName()).isEqualToIgnoringCase("COUNT");
    }
}
