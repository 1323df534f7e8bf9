package io.shoaldb.catalog.ddl;

import io.shoaldb.catalog.model.StorageVault;
import io.shoaldb.common.error.ErrorCode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What CREATE STORAGE VAULT accepts (Doris's S3 vault properties): {@code type} = S3, the required
 * {@code s3.endpoint}, {@code s3.region}, {@code s3.bucket}, {@code s3.root.path}, {@code s3.access_key},
 * {@code s3.secret_key} and {@code provider}, the optional {@code use_path_style} (true / false) and Doris's
 * optional connection settings. Keys are matched in any case and kept in lower case; a vault name follows the
 * table name rule.
 */
public final class StorageVaultRules {
    public static final String TYPE = "type";
    private static final List<String> REQUIRED = List.of(StorageVault.ENDPOINT, StorageVault.REGION,
            StorageVault.BUCKET, StorageVault.ROOT_PATH, StorageVault.ACCESS_KEY, StorageVault.SECRET_KEY,
            StorageVault.PROVIDER);
    private static final Set<String> OPTIONAL = Set.of(StorageVault.USE_PATH_STYLE, "s3.external_endpoint",
            "s3.connection.maximum", StorageVault.REQUEST_TIMEOUT, "s3.connection.timeout");
    private static final Set<String> PROVIDERS = Set.of("S3", "OSS", "COS", "OBS", "BOS", "AZURE", "GCP", "MINIO");

    private StorageVaultRules() {
    }

    /** The vault's type and properties (type removed, keys in lower case), or the error the statement gets. */
    public static Map<String, String> check(String vault, Map<String, String> written) {
        if (!NameRules.isCommonName(vault) || vault.length() > NameRules.MAX_NAME_LENGTH) {
            throw ErrorCode.INVALID_PROPERTY.exception(vault, "name", "a storage vault name is a letter, then letters,"
                    + " digits, '_' or '-', at most " + NameRules.MAX_NAME_LENGTH + " characters");
        }
        Map<String, String> properties = new TreeMap<>();
        for (Map.Entry<String, String> e : written.entrySet()) {
            properties.put(e.getKey().toLowerCase(Locale.ROOT), e.getValue());
        }
        String type = properties.remove(TYPE);
        if (type == null) {
            throw ErrorCode.STORAGE_VAULT_MISSING_PROPERTY.exception(TYPE, vault);
        }
        if (!type.equalsIgnoreCase(StorageVault.TYPE_S3)) {
            throw ErrorCode.INVALID_PROPERTY.exception(type, TYPE, "only S3 storage vaults are supported");
        }
        List<String> unknown = new ArrayList<>();
        for (String key : properties.keySet()) {
            if (!REQUIRED.contains(key) && !OPTIONAL.contains(key)) {
                unknown.add(key);
            }
        }
        if (!unknown.isEmpty()) {
            throw ErrorCode.UNKNOWN_PROPERTY.exception(unknown.toString());
        }
        for (String key : REQUIRED) {
            String value = properties.get(key);
            if (value == null || value.isBlank()) {
                throw ErrorCode.STORAGE_VAULT_MISSING_PROPERTY.exception(key, vault);
            }
        }
        String provider = properties.get(StorageVault.PROVIDER).toUpperCase(Locale.ROOT);
        if (!PROVIDERS.contains(provider)) {
            throw ErrorCode.INVALID_PROPERTY.exception(properties.get(StorageVault.PROVIDER), StorageVault.PROVIDER,
                    "one of " + new TreeSet<>(PROVIDERS));
        }
        properties.put(StorageVault.PROVIDER, provider);
        String pathStyle = properties.getOrDefault(StorageVault.USE_PATH_STYLE, "false");
        if (!pathStyle.equalsIgnoreCase("true") && !pathStyle.equalsIgnoreCase("false")) {
            throw ErrorCode.INVALID_PROPERTY.exception(pathStyle, StorageVault.USE_PATH_STYLE, "true or false");
        }
        properties.put(StorageVault.USE_PATH_STYLE, pathStyle.toLowerCase(Locale.ROOT));
        String timeout = properties.get(StorageVault.REQUEST_TIMEOUT);
        if (timeout != null) {
            properties.put(StorageVault.REQUEST_TIMEOUT, String.valueOf(positiveMillis(timeout)));
        }
        return properties;
    }

    /** A timeout in milliseconds: a positive integer. */
    private static long positiveMillis(String value) {
        try {
            long millis = Long.parseLong(value.strip());
            if (millis > 0) {
                return millis;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw ErrorCode.INVALID_PROPERTY.exception(value, StorageVault.REQUEST_TIMEOUT, "a positive number of milliseconds");
    }
}
