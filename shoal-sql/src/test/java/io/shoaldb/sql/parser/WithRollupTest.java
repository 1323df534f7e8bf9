package io.shoaldb.sql.parser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.common.error.ShoalException;
import org.junit.jupiter.api.Test;

/** MySQL's GROUP BY ... WITH ROLLUP, parsed as GROUP BY ROLLUP(...). */
class WithRollupTest {
    private static String parsed(String sql) {
        return DorisSqlParser.parse(sql).toString();
    }

    @Test
    void withRollupIsRollupOfTheGroupByList() {
        assertThat(parsed("SELECT a, b, sum(c) FROM t GROUP BY a, b WITH ROLLUP"))
                .isEqualTo(parsed("SELECT a, b, sum(c) FROM t GROUP BY ROLLUP(a, b)"));
        assertThat(parsed("select a from t group by a with   rollup order by a limit 3"))
                .isEqualTo(parsed("select a from t group by rollup(a) order by a limit 3"));
    }

    @Test
    void eachGroupByKeepsItsOwnRollup() {
        assertThat(parsed("SELECT x, count(*) FROM (SELECT a AS x FROM t GROUP BY a, (b) WITH ROLLUP) d GROUP BY x"))
                .isEqualTo(parsed("SELECT x, count(*) FROM (SELECT a AS x FROM t GROUP BY ROLLUP(a, (b))) d GROUP BY x"));
        assertThat(parsed("SELECT a FROM t GROUP BY a WITH ROLLUP UNION ALL SELECT b FROM u GROUP BY b"))
                .isEqualTo(parsed("SELECT a FROM t GROUP BY ROLLUP(a) UNION ALL SELECT b FROM u GROUP BY b"));
    }

    @Test
    void textAndOtherWithsAreLeftAlone() {
        assertThat(parsed("SELECT 'group by a with rollup' FROM t GROUP BY a"))
                .contains("group by a with rollup").doesNotContain("ROLLUP(");
        assertThat(parsed("WITH r AS (SELECT a FROM t GROUP BY a) SELECT * FROM r"))
                .doesNotContain("ROLLUP");
    }

    @Test
    void errorsStillPointIntoTheOriginalText() {
        assertThatThrownBy(() -> DorisSqlParser.parse("SELECT a FROM t GROUP BY a WITH ROLLUP garbage"))
                .isInstanceOf(ShoalException.class)
                .hasMessageContaining("near 'garbage' at line 1, column 40");
        // Not MySQL's form (HAVING comes after WITH ROLLUP): a syntax error at WITH, no rewrite.
        assertThatThrownBy(() -> DorisSqlParser.parse("SELECT a FROM t GROUP BY a HAVING a > 1 WITH ROLLUP"))
                .isInstanceOf(ShoalException.class)
                .hasMessageContaining("near 'WITH ROLLUP'");
    }
}
