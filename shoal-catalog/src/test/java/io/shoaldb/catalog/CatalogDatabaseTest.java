package io.shoaldb.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.catalog.model.Database;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.common.io.LocalFiles;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CatalogDatabaseTest {
    @TempDir
    Path dir;

    private Catalog open() {
        return Catalog.open(new LocalFiles(), dir);
    }

    private static void assertCode(Runnable r, ErrorCode code) {
        assertThatThrownBy(r::run).isInstanceOfSatisfying(ShoalException.class,
                e -> assertThat(e.code()).isEqualTo(code));
    }

    @Test
    void createListAndDropDatabases() {
        try (Catalog c = open()) {
            Database a = c.createDatabase("db1", false);
            Database b = c.createDatabase("Db1", false);
            assertThat(a.id()).isNotEqualTo(b.id());
            assertThat(c.snapshot().databases()).extracting(Database::name).containsExactly("Db1", "db1");
            assertThat(c.createDatabase("db1", true)).isEqualTo(a);
            assertCode(() -> c.createDatabase("db1", false), ErrorCode.DATABASE_EXISTS);
            c.dropDatabase("db1", false, false);
            assertThat(c.snapshot().database("db1")).isEmpty();
            c.dropDatabase("db1", true, false);
            assertCode(() -> c.dropDatabase("db1", false, false), ErrorCode.DROP_UNKNOWN_DATABASE);
        }
        try (Catalog c = open()) {
            assertThat(c.snapshot().databases()).extracting(Database::name).containsExactly("Db1");
        }
    }

    @Test
    void idsAreNeverReusedEvenAfterRestart() {
        long first;
        try (Catalog c = open()) {
            first = c.createDatabase("a", false).id();
            c.dropDatabase("a", false, false);
        }
        try (Catalog c = open()) {
            assertThat(c.createDatabase("a", false).id()).isGreaterThan(first);
        }
    }

    @Test
    void nonEmptyDatabaseNeedsForce() {
        try (Catalog c = open()) {
            c.createDatabase("db", false);
            c.createTable(Defs.dt("db"), false);
            assertCode(() -> c.dropDatabase("db", false, false), ErrorCode.DATABASE_NOT_EMPTY);
            assertThat(c.snapshot().table("db", "dt")).isPresent();
            long tableId = c.snapshot().table("db", "dt").orElseThrow().id();
            c.dropDatabase("db", false, true);
            assertThat(c.snapshot().database("db")).isEmpty();
            assertThat(c.snapshot().tableById(tableId)).isEmpty();
            assertThat(c.snapshot().tables("db")).isEmpty();
        }
        try (Catalog c = open()) {
            assertThat(c.snapshot().databases()).isEmpty();
            c.createDatabase("db", false);
            assertThat(c.snapshot().tables("db")).isEmpty();
        }
    }

    @Test
    void databaseNameRules() {
        try (Catalog c = open()) {
            for (String bad : new String[] {"", " db", "db ", "a/b", "a\0b", "1db", "_db", "a.b", "a b", "a`b",
                    "information_schema", "MySQL"}) {
                assertCode(() -> c.createDatabase(bad, false), ErrorCode.WRONG_DB_NAME);
            }
            assertCode(() -> c.createDatabase(null, false), ErrorCode.WRONG_DB_NAME);
            assertCode(() -> c.createDatabase("a".repeat(65), false), ErrorCode.IDENTIFIER_TOO_LONG);
            c.createDatabase("a".repeat(64), false);
            c.createDatabase("tpch_sf1-x", false);
            c.createDatabase("数据库", false);
            assertThat(c.snapshot().databases()).hasSize(3);
        }
        try (Catalog c = open()) {
            assertThat(c.snapshot().databases()).hasSize(3);
        }
    }

    @Test
    void globalVariablesPersist() {
        try (Catalog c = open()) {
            c.setGlobalVariable("Group_Commit", "async_mode");
            c.setGlobalVariable("max_connections", "10");
            c.setGlobalVariable("max_connections", "20");
            assertThat(c.globalVariables()).containsEntry("group_commit", "async_mode")
                    .containsEntry("max_connections", "20");
        }
        try (Catalog c = open()) {
            assertThat(c.globalVariables()).containsEntry("group_commit", "async_mode")
                    .containsEntry("max_connections", "20").hasSize(2);
            c.checkpoint();
        }
        try (Catalog c = open()) {
            assertThat(c.globalVariables()).containsEntry("max_connections", "20").hasSize(2);
        }
    }

    @Test
    void closedCatalogRefusesMutations() {
        Catalog c = open();
        c.close();
        c.close();
        assertCode(() -> c.createDatabase("x", false), ErrorCode.INTERNAL_ERROR);
    }
}
