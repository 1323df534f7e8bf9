package io.shoaldb.protocol.mysql.command;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StatementSplitterTest {
    @Test
    void splitsOnlyAtTopLevelSemicolons() {
        assertThat(StatementSplitter.split("SELECT 1")).containsExactly("SELECT 1");
        assertThat(StatementSplitter.split(" a ; b;; c ;")).containsExactly("a", "b", "c");
        assertThat(StatementSplitter.split("SELECT 'x;y', \"p;q\", `r;s`; SELECT 2"))
                .containsExactly("SELECT 'x;y', \"p;q\", `r;s`", "SELECT 2");
        assertThat(StatementSplitter.split("SELECT 'it''s;', 'a\\';b'; x")).containsExactly("SELECT 'it''s;', 'a\\';b'", "x");
        assertThat(StatementSplitter.split("SELECT 1 -- c;d\n; /* e;f */ SELECT 2 # g;h"))
                .containsExactly("SELECT 1 -- c;d", "/* e;f */ SELECT 2 # g;h");
        assertThat(StatementSplitter.split("SELECT 1--1; SELECT 2")).containsExactly("SELECT 1--1", "SELECT 2");
        assertThat(StatementSplitter.split("SELECT 'unterminated; x")).containsExactly("SELECT 'unterminated; x");
        assertThat(StatementSplitter.split(" ; ")).isEmpty();
    }
}
