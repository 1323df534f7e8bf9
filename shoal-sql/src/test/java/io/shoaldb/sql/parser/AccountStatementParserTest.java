package io.shoaldb.sql.parser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.sql.tree.AccountName;
import io.shoaldb.sql.tree.SqlAlterUser;
import io.shoaldb.sql.tree.SqlCreateRole;
import io.shoaldb.sql.tree.SqlCreateUser;
import io.shoaldb.sql.tree.SqlDropRole;
import io.shoaldb.sql.tree.SqlDropUser;
import io.shoaldb.sql.tree.SqlGrant;
import io.shoaldb.sql.tree.SqlSetPassword;
import io.shoaldb.sql.tree.SqlShowGrants;
import io.shoaldb.sql.tree.SqlShowRoles;
import io.shoaldb.sql.tree.SqlShowTables;
import org.junit.jupiter.api.Test;

class AccountStatementParserTest {
    @Test
    void createUserWithEveryPart() {
        SqlCreateUser create = (SqlCreateUser) DorisSqlParser.parse(
                "CREATE USER IF NOT EXISTS 'jack'@'192.168.%' IDENTIFIED BY 'it''s' DEFAULT ROLE 'readers';");
        assertThat(create.ifNotExists()).isTrue();
        assertThat(create.account()).isEqualTo(new AccountName("jack", "192.168.%"));
        assertThat(create.password().text()).isEqualTo("it's");
        assertThat(create.password().hashed()).isFalse();
        assertThat(create.defaultRole()).isEqualTo("readers");
        assertThat(create.toString()).doesNotContain("it's");

        SqlCreateUser hashed = (SqlCreateUser) DorisSqlParser.parse(
                "create user jack identified by password '*6BB4837EB74329105EE4568DDA7DC67ED2CA2AD9'");
        assertThat(hashed.account()).isEqualTo(new AccountName("jack", "%"));
        assertThat(hashed.password().hashed()).isTrue();
        assertThat(((SqlCreateUser) DorisSqlParser.parse("CREATE USER `u`@`h`")).password()).isNull();
    }

    @Test
    void alterDropAndSetPassword() {
        SqlAlterUser alter = (SqlAlterUser) DorisSqlParser.parse("ALTER USER IF EXISTS 'a'@'%' IDENTIFIED BY 'x'");
        assertThat(alter.ifExists()).isTrue();
        assertThat(alter.password().text()).isEqualTo("x");
        SqlDropUser drop = (SqlDropUser) DorisSqlParser.parse("/* c */ DROP USER IF EXISTS 'a'@'10.0.0.1'");
        assertThat(drop.account().host()).isEqualTo("10.0.0.1");
        SqlSetPassword own = (SqlSetPassword) DorisSqlParser.parse("SET PASSWORD = PASSWORD('new')");
        assertThat(own.account()).isNull();
        assertThat(own.password().hashed()).isFalse();
        SqlSetPassword other = (SqlSetPassword) DorisSqlParser.parse(
                "SET PASSWORD FOR 'b'@'%' = '*6BB4837EB74329105EE4568DDA7DC67ED2CA2AD9'");
        assertThat(other.account()).isEqualTo(new AccountName("b", "%"));
        assertThat(other.password().hashed()).isTrue();
        assertThat(((SqlCreateRole) DorisSqlParser.parse("CREATE ROLE IF NOT EXISTS 'r1'")).ifNotExists()).isTrue();
        assertThat(((SqlDropRole) DorisSqlParser.parse("DROP ROLE r1")).role()).isEqualTo("r1");
    }

    @Test
    void grantsAndRevokes() {
        SqlGrant grant = (SqlGrant) DorisSqlParser.parse("GRANT SELECT_PRIV, load_priv ON db1.* TO 'u'@'%'");
        assertThat(grant.revoke()).isFalse();
        assertThat(grant.privileges()).containsExactly("SELECT_PRIV", "load_priv");
        assertThat(grant.database()).isEqualTo("db1");
        assertThat(grant.table()).isEqualTo("*");
        assertThat(grant.account()).isEqualTo(new AccountName("u", "%"));

        SqlGrant all = (SqlGrant) DorisSqlParser.parse("GRANT ALL PRIVILEGES ON internal.`db`.`t` TO ROLE 'r'");
        assertThat(all.privileges()).containsExactly("ALL");
        assertThat(all.table()).isEqualTo("t");
        assertThat(all.granteeRole()).isEqualTo("r");

        SqlGrant role = (SqlGrant) DorisSqlParser.parse("GRANT 'r1', 'r2' TO 'u'");
        assertThat(role.grantedRoles()).containsExactly("r1", "r2");
        SqlGrant revoke = (SqlGrant) DorisSqlParser.parse("REVOKE ADMIN_PRIV ON *.* FROM 'u'@'%'");
        assertThat(revoke.revoke()).isTrue();
        assertThat(revoke.database()).isEqualTo("*");
    }

    @Test
    void showStatements() {
        assertThat(((SqlShowGrants) DorisSqlParser.parse("SHOW GRANTS")).account()).isNull();
        assertThat(((SqlShowGrants) DorisSqlParser.parse("show grants for 'u'@'%'")).account())
                .isEqualTo(new AccountName("u", "%"));
        assertThat(((SqlShowGrants) DorisSqlParser.parse("SHOW ALL GRANTS")).all()).isTrue();
        assertThat(DorisSqlParser.parse("SHOW ROLES")).isInstanceOf(SqlShowRoles.class);
        assertThat(DorisSqlParser.parse("SHOW TABLES")).isInstanceOf(SqlShowTables.class);
    }

    @Test
    void malformedStatementsAreSyntaxErrors() {
        for (String sql : new String[] {"GRANT SELECT_PRIV ON *.t TO 'u'", "GRANT SELECT_PRIV db.* TO 'u'",
                "CREATE USER 'u' IDENTIFIED 'x'", "DROP USER", "SET PASSWORD = PASSWORD(x)",
                "GRANT SELECT_PRIV ON db.* TO 'u' extra"}) {
            assertThatThrownBy(() -> DorisSqlParser.parse(sql)).as(sql).isInstanceOfSatisfying(ShoalException.class,
                    e -> assertThat(e.code()).isEqualTo(ErrorCode.SYNTAX_ERROR));
        }
    }

    @Test
    void logsSeeNoPassword() {
        for (String sql : new String[] {"CREATE USER 'u' IDENTIFIED BY 'hunter2'", "ALTER USER u IDENTIFIED BY 'hunter2'",
                "SET PASSWORD = PASSWORD('hunter2')", "set password for 'u'@'%' = 'hunter2'",
                "CREATE USER 'u' IDENTIFIED BY 'hunter2' oops"}) {
            assertThat(DorisSqlParser.redactSecrets(sql)).as(sql).doesNotContain("hunter2").isNotEmpty();
        }
        assertThat(DorisSqlParser.redactSecrets("SELECT 'password'")).isEqualTo("SELECT 'password'");
        assertThat(DorisSqlParser.redactSecrets("CREATE USER 'u'")).isEqualTo("CREATE USER 'u'");
    }
}
