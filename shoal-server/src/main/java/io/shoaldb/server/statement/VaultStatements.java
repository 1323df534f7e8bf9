package io.shoaldb.server.statement;

import io.shoaldb.api.StatementResult;
import io.shoaldb.api.UpdateResult;
import io.shoaldb.catalog.ddl.StorageVaultRules;
import io.shoaldb.catalog.model.StorageVault;
import io.shoaldb.catalog.model.StorageVaults;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.objectstore.BlockCache;
import io.shoaldb.objectstore.ObjectStore;
import io.shoaldb.objectstore.ObjectStoreException;
import io.shoaldb.objectstore.S3ObjectStore;
import io.shoaldb.objectstore.S3Settings;
import io.shoaldb.server.vault.VaultStores;
import io.shoaldb.server.auth.AccessDenied;
import io.shoaldb.sql.tree.SqlCreateStorageVault;
import io.shoaldb.sql.tree.SqlSetDefaultStorageVault;
import io.shoaldb.sql.tree.SqlShowFileCache;
import io.shoaldb.sql.tree.SqlShowStorageVaults;
import io.shoaldb.sql.tree.SqlStorageVaultStatement;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * CREATE STORAGE VAULT, SHOW STORAGE VAULTS, SET ... AS DEFAULT STORAGE VAULT and UNSET DEFAULT STORAGE VAULT,
 * all for admins only (ADMIN_PRIV), as in Doris, and SHOW FILE CACHE (the vaults' block cache, per data path). A vault is created only once its bucket answers under its
 * credentials, so a typo in an endpoint or a key fails the statement, not a later load.
 */
final class VaultStatements {
    /** The reachability check at CREATE: a short bound, the statement waits for it. */
    private static final int CHECK_ATTEMPTS = 2;
    private static final Duration CHECK_TIMEOUT = Duration.ofSeconds(10);

    private final ServerContext server;

    VaultStatements(ServerContext server) {
        this.server = server;
    }

    StatementResult run(AccessDenied checks, SqlStorageVaultStatement statement) {
        checks.checkAdmin();
        return switch (statement) {
            case SqlCreateStorageVault s -> create(s);
            case SqlShowStorageVaults ignored -> show();
            case SqlShowFileCache ignored -> showFileCache();
            case SqlSetDefaultStorageVault s -> {
                server.catalog().setDefaultStorageVault(s.vault());
                yield UpdateResult.OK;
            }
        };
    }

    private StatementResult create(SqlCreateStorageVault s) {
        if (s.ifNotExists() && server.catalog().snapshot().storageVaults().vault(s.vault()).isPresent()) {
            return UpdateResult.OK;
        }
        Map<String, String> properties = StorageVaultRules.check(s.vault(), s.properties());
        checkReachable(s.vault(), VaultStores.settings(properties).withBounds(CHECK_ATTEMPTS, CHECK_TIMEOUT,
                S3Settings.DEFAULT_PART_SIZE));
        server.catalog().createStorageVault(s.vault(), properties, s.ifNotExists());
        return UpdateResult.OK;
    }

    private static void checkReachable(String vault, S3Settings settings) {
        try (ObjectStore store = new S3ObjectStore(settings)) {
            store.list("");
        } catch (ObjectStoreException | IllegalArgumentException e) {
            throw ErrorCode.STORAGE_VAULT_UNREACHABLE.exception(vault, e.getMessage());
        }
    }

    /** Doris's columns; the properties as {@code "key" = "value"} pairs with the secret key masked. */
    private StatementResult show() {
        StorageVaults vaults = server.catalog().snapshot().storageVaults();
        TextTable table = new TextTable("StorageVaultName", "StorageVaultId", "Properties", "IsDefault");
        for (StorageVault vault : vaults.all()) {
            String properties = vault.visibleProperties().entrySet().stream()
                    .map(e -> "\"" + e.getKey() + "\" = \"" + e.getValue() + "\"")
                    .collect(Collectors.joining(", "));
            table.row(vault.name(), String.valueOf(vault.id()), "\"type\" = \"" + vault.type() + "\", " + properties,
                    String.valueOf(vault.name().equals(vaults.defaultVault())));
        }
        return table.result();
    }

    /** One row per data path: its cache directory, capacity, contents and counters since start. */
    private StatementResult showFileCache() {
        TextTable table = new TextTable("Path", "CapacityBytes", "UsedBytes", "Blocks", "Hits", "Misses", "Evictions");
        for (BlockCache.DirectoryStats d : server.vaults().cacheDirectoryStats()) {
            BlockCache.Stats s = d.stats();
            table.row(d.directory().toString(), String.valueOf(d.capacity()), String.valueOf(s.bytes()),
                    String.valueOf(s.blocks()), String.valueOf(s.hits()), String.valueOf(s.misses()),
                    String.valueOf(s.evictions()));
        }
        return table.result();
    }
}
