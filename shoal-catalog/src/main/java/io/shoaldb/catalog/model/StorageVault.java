package io.shoaldb.catalog.model;

import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A storage vault: a named place in an S3-compatible store where tables' data can live. {@code properties} are
 * the vault's {@code s3.*}, {@code provider} and {@code use_path_style} properties, keys in lower case; the
 * secret key is among them (the catalog must be able to reach the store after a restart) and is never printed:
 * {@link #toString} and {@link #visibleProperties} mask it.
 */
public record StorageVault(long id, String name, String type, Map<String, String> properties) {
    public static final String TYPE_S3 = "S3";
    public static final String ENDPOINT = "s3.endpoint";
    public static final String REGION = "s3.region";
    public static final String BUCKET = "s3.bucket";
    public static final String ROOT_PATH = "s3.root.path";
    public static final String ACCESS_KEY = "s3.access_key";
    public static final String SECRET_KEY = "s3.secret_key";
    public static final String PROVIDER = "provider";
    public static final String USE_PATH_STYLE = "use_path_style";
    /** Doris's bound of one request to the store, in milliseconds (the client's bound of a call with its retries). */
    public static final String REQUEST_TIMEOUT = "s3.connection.request.timeout";
    private static final String MASK = "xxxxxx";

    public StorageVault {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        properties = Map.copyOf(properties);
    }

    public String property(String key) {
        return properties.get(key);
    }

    /** The properties with the secret key masked, sorted by key: what SHOW STORAGE VAULTS prints. */
    public Map<String, String> visibleProperties() {
        Map<String, String> visible = new TreeMap<>(properties);
        visible.computeIfPresent(SECRET_KEY, (k, v) -> MASK);
        return visible;
    }

    @Override
    public String toString() {
        return "StorageVault[id=" + id + ", name=" + name + ", type=" + type + ", properties=" + visibleProperties()
                + "]";
    }
}
