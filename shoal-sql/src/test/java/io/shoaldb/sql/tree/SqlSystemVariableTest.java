package io.shoaldb.sql.tree;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.Litmus;
import org.junit.jupiter.api.Test;

/** The reference keeps its identity through Calcite's generic node operations. */
class SqlSystemVariableTest {
    @Test
    void parsesScopePrefixes() {
        assertThat(SqlSystemVariable.of("@@Session.X", SqlParserPos.ZERO).scope()).isEqualTo(SqlSystemVariable.Scope.SESSION);
        assertThat(SqlSystemVariable.of("@@local.x", SqlParserPos.ZERO).scope()).isEqualTo(SqlSystemVariable.Scope.SESSION);
        assertThat(SqlSystemVariable.of("@@GLOBAL.x", SqlParserPos.ZERO).name()).isEqualTo("x");
        SqlSystemVariable plain = SqlSystemVariable.of("@@Version_Comment", SqlParserPos.ZERO);
        assertThat(plain.scope()).isEqualTo(SqlSystemVariable.Scope.DEFAULT);
        assertThat(plain.name()).isEqualTo("version_comment");
        assertThat(plain.label()).isEqualTo("@@Version_Comment");
    }

    @Test
    void cloneAndDeepEqualityKeepTheName() {
        SqlSystemVariable a = SqlSystemVariable.of("@@a", SqlParserPos.ZERO);
        SqlSystemVariable b = SqlSystemVariable.of("@@b", SqlParserPos.ZERO);
        assertThat(a.clone(SqlParserPos.ZERO).name()).isEqualTo("a");
        assertThat(a.equalsDeep(a.clone(SqlParserPos.ZERO), Litmus.IGNORE)).isTrue();
        assertThat(a.equalsDeep(b, Litmus.IGNORE)).isFalse();
    }
}
