package io.shoaldb.catalog.model;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** The storage vaults by name, and which one (if any) new tables use when they name none. Immutable. */
public record StorageVaults(Map<String, StorageVault> byName, String defaultVault) {
    public static final StorageVaults NONE = new StorageVaults(Map.of(), null);

    public StorageVaults {
        byName = Collections.unmodifiableMap(new TreeMap<>(byName));
        if (defaultVault != null && !byName.containsKey(defaultVault)) {
            throw new IllegalStateException("the default storage vault " + defaultVault + " does not exist");
        }
    }

    public Optional<StorageVault> vault(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    /** Every vault, by name. */
    public List<StorageVault> all() {
        return List.copyOf(byName.values());
    }

    public StorageVaults with(StorageVault vault) {
        Map<String, StorageVault> changed = new TreeMap<>(byName);
        changed.put(vault.name(), vault);
        return new StorageVaults(changed, defaultVault);
    }

    /** The same vaults with {@code name} (null: none) as the default. */
    public StorageVaults withDefault(String name) {
        return new StorageVaults(byName, name);
    }
}
