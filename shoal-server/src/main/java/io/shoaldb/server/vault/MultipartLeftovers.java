package io.shoaldb.server.vault;

import io.shoaldb.objectstore.ObjectStore;
import io.shoaldb.objectstore.ObjectStore.UnfinishedUpload;
import io.shoaldb.storage.VaultIntents;
import io.shoaldb.storage.rowset.SegmentFiles;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Aborts the unfinished multipart uploads of segments under a vault prefix: the parts a process killed in the middle
 * of a large segment's upload leaves, or a writer whose abort failed, or a start of an upload whose answer was lost
 * and which the SDK began again. Such parts are no object (a listing of objects never shows them) but the store
 * keeps and bills them until they are aborted.
 *
 * <p>An upload is aborted only when it began at or before {@code due} (the recycler's grace period is over) and no
 * writer of this process still uploads its rowset; keys that are not a segment's are left alone.
 */
final class MultipartLeftovers {
    private static final Logger LOG = LoggerFactory.getLogger(MultipartLeftovers.class);

    private final VaultIntents intents;
    private final AtomicLong aborted = new AtomicLong();

    MultipartLeftovers(VaultIntents intents) {
        this.intents = intents;
    }

    /** Uploads aborted since start. */
    long aborted() {
        return aborted.get();
    }

    /**
     * Aborts the leftovers under {@code prefix} begun at or before {@code dueMillis}; whether none is left there
     * (false also when the store failed, logged: the next pass tries again).
     */
    boolean abortUnder(ObjectStore store, String prefix, long dueMillis) {
        try {
            boolean allGone = true;
            for (UnfinishedUpload upload : store.unfinishedUploads(prefix)) {
                if (isLeftover(upload, dueMillis)) {
                    store.abort(upload);
                    aborted.incrementAndGet();
                    LOG.info("vault recycler aborted the unfinished multipart upload of {} begun at {}", upload.key(),
                            upload.initiated());
                } else {
                    allGone = false;
                }
            }
            return allGone;
        } catch (RuntimeException e) {
            LOG.warn("vault recycler could not clear the unfinished multipart uploads under {} (retried at the next"
                    + " pass): {}", prefix, e.getMessage());
            return false;
        }
    }

    private boolean isLeftover(UnfinishedUpload upload, long dueMillis) {
        long rowsetId = SegmentFiles.rowsetIdOf(upload.key().substring(upload.key().lastIndexOf('/') + 1));
        return rowsetId >= 0
                && upload.initiated() != null && upload.initiated().toEpochMilli() <= dueMillis
                && !intents.isUploading(rowsetId);
    }
}
