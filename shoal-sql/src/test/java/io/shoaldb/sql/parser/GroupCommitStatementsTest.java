package io.shoaldb.sql.parser;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.sql.tree.SqlShowGroupCommit;
import io.shoaldb.sql.tree.SqlSyncGroupCommit;
import org.junit.jupiter.api.Test;

/** ShoalDB's own group-commit statements, and that their words stay usable as names. */
class GroupCommitStatementsTest {
    @Test
    void showGroupCommit() {
        assertThat(((SqlShowGroupCommit) DorisSqlParser.parse("SHOW GROUP COMMIT")).database()).isNull();
        assertThat(((SqlShowGroupCommit) DorisSqlParser.parse("show group commit from db1")).database())
                .isEqualTo("db1");
    }

    @Test
    void syncGroupCommit() {
        SqlSyncGroupCommit all = (SqlSyncGroupCommit) DorisSqlParser.parse("SYNC GROUP COMMIT");
        assertThat(all.table()).isNull();
        SqlSyncGroupCommit one = (SqlSyncGroupCommit) DorisSqlParser.parse("sync group commit on d.dt");
        assertThat(one.database()).isEqualTo("d");
        assertThat(one.table()).isEqualTo("dt");
        assertThat(DorisSqlParser.parse(one.toString())).isInstanceOf(SqlSyncGroupCommit.class);
    }

    @Test
    void syncRemainsAName() {
        assertThat(DorisSqlParser.parse("SELECT sync FROM t")).isNotNull();
    }
}
