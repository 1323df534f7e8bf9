package io.shoaldb.sql.parser;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The pre-lexing pass: its output text and its map back to the original offsets. */
class MysqlLexicalNormalizerTest {
    @Test
    void rewritesStringsToStandardForm() {
        assertThat(MysqlLexicalNormalizer.normalize("SELECT \"a'b\", 'c\\'d'").text()).isEqualTo("SELECT 'a''b', 'c''d'");
        assertThat(MysqlLexicalNormalizer.normalize("'\\%\\_\\x'").text()).isEqualTo("'\\%\\_x'");
    }

    @Test
    void blanksCommentsAndTrailingSemicolonsKeepingLength() {
        String sql = "SELECT 1 /* a\nb */ # c\n-- d\n;;";
        NormalizedSql n = MysqlLexicalNormalizer.normalize(sql);
        assertThat(n.text()).hasSameSizeAs(sql);
        assertThat(n.text().strip()).isEqualTo("SELECT 1");
        assertThat(n.text().chars().filter(c -> c == '\n').count()).isEqualTo(3);
    }

    @Test
    void leavesBacktickIdentifiersAlone() {
        assertThat(MysqlLexicalNormalizer.normalize("SELECT `a\"b``c'd` FROM t").text())
                .isEqualTo("SELECT `a\"b``c'd` FROM t");
    }

    @Test
    void mapsEveryOutputCharacterBack() {
        String sql = "SELECT 'a\\\\b' x";
        NormalizedSql n = MysqlLexicalNormalizer.normalize(sql);
        assertThat(n.text()).isEqualTo("SELECT 'a\\b' x");
        int xInOutput = n.text().indexOf('x');
        assertThat(n.toOriginal(xInOutput)).isEqualTo(sql.indexOf('x'));
        assertThat(n.toOriginal(n.text().length())).isEqualTo(sql.length());
    }

    @Test
    void doubleDashWithoutSpaceIsTwoMinusSigns() {
        assertThat(MysqlLexicalNormalizer.normalize("SELECT 1--1").text()).isEqualTo("SELECT 1- -1");
    }
}
