package io.shoaldb.catalog.ddl;

import io.shoaldb.catalog.model.PropertyKeys;
import io.shoaldb.catalog.model.StorageVaults;
import io.shoaldb.catalog.model.TableDefinition;
import io.shoaldb.common.error.ErrorCode;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Where a new table's segments live, as Doris decides it: the vault its {@code storage_vault_name} property names
 * (which must exist), else the default storage vault when one is set (the property is then added, so the table
 * keeps that vault when the default changes and SHOW CREATE TABLE names it), else local storage.
 */
public final class VaultPlacement {
    private VaultPlacement() {
    }

    /** The definition with its vault resolved; STORAGE_VAULT_NOT_FOUND when it names an unknown one. */
    public static TableDefinition place(TableDefinition def, StorageVaults vaults) {
        for (Map.Entry<String, String> e : def.properties().entrySet()) {
            if (e.getKey() != null && e.getKey().trim().toLowerCase(Locale.ROOT).equals(PropertyKeys.STORAGE_VAULT_NAME)) {
                String name = e.getValue() == null ? "" : e.getValue().trim();
                if (!name.isEmpty() && vaults.vault(name).isEmpty()) {
                    throw ErrorCode.STORAGE_VAULT_NOT_FOUND.exception(name);
                }
                return def; // an empty name is refused with the other property checks
            }
        }
        if (vaults.defaultVault() == null) {
            return def;
        }
        Map<String, String> properties = new LinkedHashMap<>(def.properties());
        properties.put(PropertyKeys.STORAGE_VAULT_NAME, vaults.defaultVault());
        return new TableDefinition(def.database(), def.name(), def.columns(), def.engine(), def.keysType(),
                def.keyColumns(), def.distribution(), properties, def.comment());
    }
}
