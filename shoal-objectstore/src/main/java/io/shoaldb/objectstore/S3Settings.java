package io.shoaldb.objectstore;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;

/**
 * Where and how to reach an S3-compatible bucket: a storage vault's {@code s3.*} properties plus the client's
 * bounds. {@link #toString} never prints the secret key.
 *
 * @param endpoint     {@code host[:port]} or a URI; without a scheme, {@code http://} is assumed (as for a store on
 *                     the local network; give {@code https://} for a public cloud)
 * @param rootPath     the prefix every key of this vault is stored under (no leading or trailing slash needed)
 * @param pathStyle    {@code bucket} in the path rather than in the host name (most self-hosted stores need it)
 * @param maxAttempts  attempts per call, the first included, before it fails
 * @param callTimeout  the bound of one call, its retries and backoff included
 * @param partSize     uploads larger than this go in parts of this size (S3's minimum part is 5 MiB)
 */
public record S3Settings(String endpoint, String region, String bucket, String rootPath, String accessKey,
                         String secretKey, boolean pathStyle, int maxAttempts, Duration callTimeout, long partSize) {

    public static final int DEFAULT_MAX_ATTEMPTS = 5;
    public static final Duration DEFAULT_CALL_TIMEOUT = Duration.ofSeconds(60);
    public static final long DEFAULT_PART_SIZE = 16L << 20;
    static final long MIN_PART_SIZE = 5L << 20;

    public S3Settings {
        Objects.requireNonNull(endpoint, "endpoint");
        Objects.requireNonNull(region, "region");
        Objects.requireNonNull(bucket, "bucket");
        rootPath = trimSlashes(rootPath == null ? "" : rootPath);
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1, not " + maxAttempts);
        }
        if (partSize < MIN_PART_SIZE) {
            throw new IllegalArgumentException("partSize must be at least " + MIN_PART_SIZE + " bytes, not " + partSize);
        }
    }

    /** The settings of a vault with the default client bounds. */
    public static S3Settings of(String endpoint, String region, String bucket, String rootPath, String accessKey,
                                String secretKey, boolean pathStyle) {
        return new S3Settings(endpoint, region, bucket, rootPath, accessKey, secretKey, pathStyle,
                DEFAULT_MAX_ATTEMPTS, DEFAULT_CALL_TIMEOUT, DEFAULT_PART_SIZE);
    }

    public S3Settings withBounds(int attempts, Duration timeout, long part) {
        return new S3Settings(endpoint, region, bucket, rootPath, accessKey, secretKey, pathStyle, attempts, timeout,
                part);
    }

    URI endpointUri() {
        return URI.create(endpoint.contains("://") ? endpoint : "http://" + endpoint);
    }

    /** The object key of {@code key} under the root path. */
    String objectKey(String key) {
        return rootPath.isEmpty() ? key : rootPath + "/" + key;
    }

    /** {@code objectKey} back to the vault's key. */
    String vaultKey(String objectKey) {
        return rootPath.isEmpty() ? objectKey : objectKey.substring(rootPath.length() + 1);
    }

    private static String trimSlashes(String path) {
        int from = 0;
        int to = path.length();
        while (from < to && path.charAt(from) == '/') {
            from++;
        }
        while (to > from && path.charAt(to - 1) == '/') {
            to--;
        }
        return path.substring(from, to);
    }

    @Override
    public String toString() {
        return "S3Settings[endpoint=" + endpoint + ", region=" + region + ", bucket=" + bucket + ", rootPath=" + rootPath
                + ", accessKey=" + accessKey + ", secretKey=******, pathStyle=" + pathStyle + ", maxAttempts="
                + maxAttempts + ", callTimeout=" + callTimeout + ", partSize=" + partSize + "]";
    }
}
