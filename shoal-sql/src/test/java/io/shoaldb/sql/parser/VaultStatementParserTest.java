package io.shoaldb.sql.parser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.sql.tree.SqlCreateStorageVault;
import io.shoaldb.sql.tree.SqlSetDefaultStorageVault;
import io.shoaldb.sql.tree.SqlShowFileCache;
import io.shoaldb.sql.tree.SqlShowStorageVaults;
import io.shoaldb.sql.tree.SqlShowVariables;
import org.junit.jupiter.api.Test;

class VaultStatementParserTest {
    private static final String CREATE = """
            CREATE STORAGE VAULT IF NOT EXISTS s3_vault
            PROPERTIES (
              "type" = "S3",
              "s3.endpoint" = "127.0.0.1:9000", -- a comment
              "s3.secret_key" = "hunter2",
              'use_path_style' = 'true'
            )""";

    @Test
    void createStorageVaultKeepsItsPropertiesInOrder() {
        SqlCreateStorageVault create = (SqlCreateStorageVault) DorisSqlParser.parse(CREATE);
        assertThat(create.vault()).isEqualTo("s3_vault");
        assertThat(create.ifNotExists()).isTrue();
        assertThat(create.properties()).containsExactly(
                java.util.Map.entry("type", "S3"), java.util.Map.entry("s3.endpoint", "127.0.0.1:9000"),
                java.util.Map.entry("s3.secret_key", "hunter2"), java.util.Map.entry("use_path_style", "true"));
        assertThat(create.toString()).doesNotContain("hunter2").contains("'s3.endpoint' = '127.0.0.1:9000'");
        SqlCreateStorageVault bare = (SqlCreateStorageVault) DorisSqlParser.parse("create storage vault `v 1`");
        assertThat(bare.vault()).isEqualTo("v 1");
        assertThat(bare.ifNotExists()).isFalse();
        assertThat(bare.properties()).isEmpty();
    }

    @Test
    void showSetAndUnset() {
        assertThat(DorisSqlParser.parse("SHOW STORAGE VAULTS")).isInstanceOf(SqlShowStorageVaults.class);
        assertThat(DorisSqlParser.parse("show storage vault")).isInstanceOf(SqlShowStorageVaults.class);
        SqlSetDefaultStorageVault set = (SqlSetDefaultStorageVault) DorisSqlParser.parse(
                "SET s3_vault AS DEFAULT STORAGE VAULT");
        assertThat(set.vault()).isEqualTo("s3_vault");
        assertThat(((SqlSetDefaultStorageVault) DorisSqlParser.parse("UNSET DEFAULT STORAGE VAULT")).vault()).isNull();
        assertThat(DorisSqlParser.parse("SHOW VARIABLES LIKE 'vault%'")).isInstanceOf(SqlShowVariables.class);
        assertThat(DorisSqlParser.parse("show file cache")).isInstanceOf(SqlShowFileCache.class);
        assertThat(DorisSqlParser.parse("SHOW VARIABLES LIKE '%cache%'")).isInstanceOf(SqlShowVariables.class);
    }

    @Test
    void malformedStatementsAreSyntaxErrors() {
        for (String sql : new String[] {"CREATE STORAGE VAULT", "CREATE STORAGE VAULT v PROPERTIES ('a')",
                "CREATE STORAGE VAULT v PROPERTIES ('a' = 'b',)", "CREATE STORAGE VAULT v PROPERTIES ('a' = 'b', 'a' = 'c')",
                "SET v AS DEFAULT VAULT", "UNSET DEFAULT STORAGE VAULT now", "SHOW STORAGE VAULTZ",
                "SHOW FILE CACHE now"}) {
            assertThatThrownBy(() -> DorisSqlParser.parse(sql)).as(sql).isInstanceOfSatisfying(ShoalException.class,
                    e -> assertThat(e.code()).isEqualTo(ErrorCode.SYNTAX_ERROR));
        }
    }

    @Test
    void logsSeeNoSecretKey() {
        assertThat(DorisSqlParser.redactSecrets(CREATE)).doesNotContain("hunter2").contains("s3_vault");
        String malformed = "CREATE STORAGE VAULT v PROPERTIES ('s3.secret_key' = 'hunter2' oops)";
        assertThat(DorisSqlParser.redactSecrets(malformed)).doesNotContain("hunter2").isNotEmpty();
        assertThat(DorisSqlParser.redactSecrets("SELECT 'vault'")).isEqualTo("SELECT 'vault'");
        for (String unknownShape : new String[] {"CREATE STORAGE VAULT v PROPERTIES ('s3.secret_key' = 'hunter2');",
                "CREATE USER 'u' IDENTIFIED BY 'hunter2';"}) {
            assertThat(DorisSqlParser.redactSecrets(unknownShape)).as(unknownShape).doesNotContain("hunter2");
        }
    }
}
