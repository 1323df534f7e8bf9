package io.shoaldb.objectstore;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * Immutable objects in a bucket, addressed by key: what a storage vault keeps a table's segments in.
 *
 * <p>Objects are written once and never overwritten: {@link #create} refuses a key that exists (a conditional
 * create where the store supports it), so a retried or duplicated upload can never replace committed data. Every
 * call retries transient failures (5xx, throttling, dropped connections) with backoff and fails with an
 * {@link ObjectStoreException} that names the operation and the key once its bound is reached.
 */
public interface ObjectStore extends AutoCloseable {

    /** Uploads {@code file} as the new object {@code key}, in parts when it is large. */
    void create(String key, Path file);

    /** Uploads {@code bytes} as the new object {@code key}. */
    void create(String key, byte[] bytes);

    /** Reads {@code length} bytes of {@code key} from {@code offset} (a ranged GET). */
    byte[] read(String key, long offset, int length);

    /** The size of object {@code key} in bytes; {@link ObjectStoreException.NotFound} when there is none. */
    long size(String key);

    /** Deletes {@code key}; deleting a key that does not exist succeeds (deletes are retried). */
    void delete(String key);

    /** The keys under {@code prefix}, in key order; for recovery and tests, never on a query's or load's path. */
    List<String> list(String prefix);

    /**
     * The multipart uploads under {@code prefix} begun and neither completed nor aborted: what a crash in the middle
     * of a large create, or an abort that failed, leaves behind - parts the store keeps (and bills) until aborted.
     */
    List<UnfinishedUpload> unfinishedUploads(String prefix);

    /** Aborts {@code upload}, dropping its parts; aborting one that is already gone succeeds. */
    void abort(UnfinishedUpload upload);

    @Override
    void close();

    /** A multipart upload of object {@code key} (a vault key), begun at {@code initiated}. */
    record UnfinishedUpload(String key, String uploadId, Instant initiated) {
    }
}
