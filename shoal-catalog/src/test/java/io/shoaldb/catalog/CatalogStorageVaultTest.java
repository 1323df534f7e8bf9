package io.shoaldb.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.catalog.ddl.StorageVaultRules;
import io.shoaldb.catalog.model.StorageVault;
import io.shoaldb.catalog.model.StorageVaults;
import io.shoaldb.catalog.model.Table;
import io.shoaldb.vector.type.DataType;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.common.io.LocalFiles;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CatalogStorageVaultTest {
    @TempDir
    Path dir;

    private Catalog open() {
        return Catalog.open(new LocalFiles(), dir);
    }

    private static Map<String, String> written() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("type", "s3");
        p.put("S3.Endpoint", "127.0.0.1:9000");
        p.put("s3.region", "us-east-1");
        p.put("s3.bucket", "shoal");
        p.put("s3.root.path", "vault-a");
        p.put("s3.access_key", "ak");
        p.put("s3.secret_key", "sk-very-secret");
        p.put("provider", "minio");
        return p;
    }

    @Test
    void vaultsAndTheDefaultSurviveJournalReplayAndImage() {
        try (Catalog c = open()) {
            assertThat(c.createStorageVault("a", StorageVaultRules.check("a", written()), false)).isTrue();
            assertThat(c.createStorageVault("a", StorageVaultRules.check("a", written()), true)).isFalse();
            assertCode(() -> c.createStorageVault("a", StorageVaultRules.check("a", written()), false),
                    ErrorCode.STORAGE_VAULT_EXISTS);
            c.createStorageVault("b", StorageVaultRules.check("b", written()), false);
            c.setDefaultStorageVault("b");
            assertCode(() -> c.setDefaultStorageVault("nope"), ErrorCode.STORAGE_VAULT_NOT_FOUND);
        }
        try (Catalog c = open()) {
            StorageVaults vaults = c.snapshot().storageVaults();
            assertThat(vaults.all()).extracting(StorageVault::name).containsExactly("a", "b");
            assertThat(vaults.defaultVault()).isEqualTo("b");
            StorageVault a = vaults.vault("a").orElseThrow();
            assertThat(a.property(StorageVault.ENDPOINT)).isEqualTo("127.0.0.1:9000");
            assertThat(a.property(StorageVault.SECRET_KEY)).isEqualTo("sk-very-secret");
            assertThat(a.property(StorageVault.PROVIDER)).isEqualTo("MINIO");
            assertThat(a.property(StorageVault.USE_PATH_STYLE)).isEqualTo("false");
            assertThat(a.toString()).doesNotContain("sk-very-secret");
            assertThat(a.visibleProperties()).doesNotContainValue("sk-very-secret");
            assertThat(vaults.vault("b").orElseThrow().id()).isGreaterThan(a.id());
            c.checkpoint();
            c.setDefaultStorageVault(null);
        }
        try (Catalog c = open()) {
            assertThat(c.snapshot().storageVaults().all()).hasSize(2);
            assertThat(c.snapshot().storageVaults().defaultVault()).isNull();
            c.createDatabase("db", false);
            assertThat(c.snapshot().database("db").orElseThrow().id())
                    .isGreaterThan(c.snapshot().storageVaults().vault("b").orElseThrow().id());
        }
    }

    @Test
    void tablesAreInTheVaultTheyNameOrTheDefaultAndKeepItAcrossRestartAndImage() {
        try (Catalog c = open()) {
            c.createDatabase("db", false);
            c.createStorageVault("a", StorageVaultRules.check("a", written()), false);
            c.createStorageVault("b", StorageVaultRules.check("b", written()), false);
            Table local = c.createTable(Defs.table("db", "local").column("id", DataType.INT).build(), false);
            assertThat(local.properties().storageVault()).isNull();
            Table named = c.createTable(Defs.table("db", "named").column("id", DataType.INT)
                    .property("Storage_Vault_Name", " a ").build(), false);
            assertThat(named.properties().storageVault()).isEqualTo("a");
            assertCode(() -> c.createTable(Defs.table("db", "lost").column("id", DataType.INT)
                    .property("storage_vault_name", "nope").build(), false), ErrorCode.STORAGE_VAULT_NOT_FOUND);
            assertCode(() -> c.createTable(Defs.table("db", "blank").column("id", DataType.INT)
                    .property("storage_vault_name", " ").build(), false), ErrorCode.INVALID_PROPERTY);
            assertThat(c.snapshot().table("db", "lost")).isEmpty();
            assertThat(c.snapshot().table("db", "blank")).isEmpty();
            c.setDefaultStorageVault("b");
            Table defaulted = c.createTable(Defs.table("db", "defaulted").column("id", DataType.INT).build(), false);
            assertThat(defaulted.properties().storageVault()).isEqualTo("b");
            assertThat(ShowCreateTable.render(c.snapshot().database("db").orElseThrow(), defaulted)).contains("\"storage_vault_name\" = \"b\"");
            assertThat(ShowCreateTable.render(c.snapshot().database("db").orElseThrow(), local)).doesNotContain("storage_vault_name");
            assertCode(() -> c.alterTableProperties("db", "named", Map.of("storage_vault_name", "b")),
                    ErrorCode.INVALID_PROPERTY);
            c.checkpoint();
            c.setDefaultStorageVault(null);
        }
        try (Catalog c = open()) {
            assertThat(c.snapshot().table("db", "named").orElseThrow().properties().storageVault()).isEqualTo("a");
            assertThat(c.snapshot().table("db", "defaulted").orElseThrow().properties().storageVault()).isEqualTo("b");
            assertThat(c.snapshot().table("db", "local").orElseThrow().properties().storageVault()).isNull();
            Table later = c.createTable(Defs.table("db", "later").column("id", DataType.INT).build(), false);
            assertThat(later.properties().storageVault()).isNull();
        }
        try (Catalog c = open()) {
            assertThat(c.snapshot().table("db", "later").orElseThrow().properties().storageVault()).isNull();
        }
    }

    @Test
    void propertiesAreChecked() {
        Map<String, String> noType = written();
        noType.remove("type");
        assertCode(() -> StorageVaultRules.check("v", noType), ErrorCode.STORAGE_VAULT_MISSING_PROPERTY);
        Map<String, String> hdfs = written();
        hdfs.put("type", "hdfs");
        assertCode(() -> StorageVaultRules.check("v", hdfs), ErrorCode.INVALID_PROPERTY);
        Map<String, String> noBucket = written();
        noBucket.remove("s3.bucket");
        assertThatThrownBy(() -> StorageVaultRules.check("v", noBucket)).hasMessageContaining("s3.bucket");
        Map<String, String> unknown = written();
        unknown.put("s3.colour", "blue");
        assertCode(() -> StorageVaultRules.check("v", unknown), ErrorCode.UNKNOWN_PROPERTY);
        Map<String, String> badStyle = written();
        badStyle.put("use_path_style", "maybe");
        assertCode(() -> StorageVaultRules.check("v", badStyle), ErrorCode.INVALID_PROPERTY);
        Map<String, String> badTimeout = written();
        badTimeout.put("s3.connection.request.timeout", "-5");
        assertCode(() -> StorageVaultRules.check("v", badTimeout), ErrorCode.INVALID_PROPERTY);
        Map<String, String> timeout = written();
        timeout.put("S3.Connection.Request.Timeout", " 3000 ");
        assertThat(StorageVaultRules.check("v", timeout)).containsEntry("s3.connection.request.timeout", "3000");
        Map<String, String> badProvider = written();
        badProvider.put("provider", "floppy");
        assertCode(() -> StorageVaultRules.check("v", badProvider), ErrorCode.INVALID_PROPERTY);
        assertCode(() -> StorageVaultRules.check("bad/name", written()), ErrorCode.INVALID_PROPERTY);
    }

    private static void assertCode(Runnable r, ErrorCode code) {
        assertThatThrownBy(r::run).isInstanceOfSatisfying(ShoalException.class,
                e -> assertThat(e.code()).isEqualTo(code));
    }
}
