package io.shoaldb.objectstore;

/** An object-store call that failed for good: after its retries, or at once for errors no retry can fix. */
public class ObjectStoreException extends RuntimeException {

    public ObjectStoreException(String message, Throwable cause) {
        super(message, cause);
    }

    /** The object does not exist. */
    public static final class NotFound extends ObjectStoreException {
        public NotFound(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** {@link ObjectStore#create} found the key taken: objects are never overwritten. */
    public static final class AlreadyExists extends ObjectStoreException {
        public AlreadyExists(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
