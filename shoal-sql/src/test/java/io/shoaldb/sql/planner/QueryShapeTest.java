package io.shoaldb.sql.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class QueryShapeTest {
    @Test
    void plainNumbersAndStringsBecomePlaceholders() {
        QueryShape shape = QueryShape.of("SELECT sum(v) FROM t1 WHERE k > 12 AND s = 'ab' AND d < 1.50");
        assertThat(shape.text()).isEqualTo("SELECT sum(v) FROM t1 WHERE k > ? AND s = ? AND d < ?");
        assertThat(shape.literals()).extracting(QueryShape.Literal::value)
                .containsExactly(new BigDecimal("12"), "ab", new BigDecimal("1.50"));
        assertThat(shape.literals()).extracting(QueryShape.Literal::column).containsExactly(33, 44, 57);
    }

    @Test
    void sameTypesGiveTheSameKeyOtherTypesAnother() {
        String key = QueryShape.of("SELECT * FROM t WHERE k > 1").key();
        assertThat(QueryShape.of("SELECT * FROM t WHERE k > 7").key()).isEqualTo(key);
        assertThat(QueryShape.of("SELECT * FROM t WHERE k > 1.5").key()).isNotEqualTo(key);
        assertThat(QueryShape.of("SELECT * FROM t WHERE k > 10000000000").key()).isNotEqualTo(key);
        assertThat(QueryShape.of("SELECT * FROM t WHERE k > '1'").key()).isNotEqualTo(key);
        assertThat(QueryShape.of("SELECT * FROM t WHERE s = 'ab'").key())
                .isEqualTo(QueryShape.of("SELECT * FROM t WHERE s = 'cd'").key())
                .isNotEqualTo(QueryShape.of("SELECT * FROM t WHERE s = 'abc'").key());
    }

    /** A plan may rely on two literals being equal (one parameter), so which literals are equal is in the key. */
    @Test
    void whichLiteralsAreEqualIsPartOfTheKey() {
        QueryShape same = QueryShape.of("SELECT * FROM t WHERE a = 'x' AND b = 1 AND c = 'x' AND d = 1.0");
        assertThat(same.firstEqual(2)).isZero();
        assertThat(same.firstEqual(3)).isEqualTo(3);
        assertThat(QueryShape.of("SELECT * FROM t WHERE a = 'y' AND b = 2 AND c = 'y' AND d = 2.0").key())
                .isEqualTo(same.key());
        assertThat(QueryShape.of("SELECT * FROM t WHERE a = 'x' AND b = 1 AND c = 'y' AND d = 1.0").key())
                .isNotEqualTo(same.key());
    }

    @Test
    void identifiersCommentsEscapesAndOtherNumbersStayInTheText() {
        String sql = "SELECT `c1`, t2.x3, 1e5, 0x1F, _utf8'a', 'it''s', 'a\\'b', \"q1\" /* 5 */ FROM t2 -- 6\n"
                + "WHERE x.y = 2";
        QueryShape shape = QueryShape.of(sql);
        assertThat(shape.text()).isEqualTo(sql.replace("x.y = 2", "x.y = ?"));
        assertThat(shape.literals()).singleElement().satisfies(l -> {
            assertThat(l.line()).isEqualTo(2);
            assertThat(l.column()).isEqualTo(13);
        });
    }
}
