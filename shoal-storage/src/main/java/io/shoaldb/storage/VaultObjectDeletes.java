package io.shoaldb.storage;

import io.shoaldb.objectstore.ObjectStore;
import io.shoaldb.objectstore.ObjectStoreException;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deletes objects of storage vaults that no state names any more (compacted-away, dropped and crashed rowsets),
 * one at a time on a background thread: a delete retries with backoff while the store is slow or down, and the
 * threads that free rowsets (queries closing snapshots, commits, start-up) must not wait for that. The rowset is an
 * orphan in the node's {@link VaultIntents} meanwhile: a delete that fails for good, or is still queued when the
 * process ends, leaves its objects to the vault recycler, which finds them there.
 */
final class VaultObjectDeletes {
    private static final Logger LOG = LoggerFactory.getLogger(VaultObjectDeletes.class);

    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "vault-object-deletes");
        t.setDaemon(true);
        return t;
    });

    /** Deletes {@code keys}; when all are gone, the rowset is {@link VaultIntents#released} from {@code intents}. */
    void delete(ObjectStore vault, List<String> keys, long rowsetId, VaultIntents intents) {
        worker.execute(() -> {
            for (String key : keys) {
                try {
                    vault.delete(key);
                } catch (ObjectStoreException e) {
                    LOG.warn("could not delete object {} of removed rowset {} (left to the recycler): {}", key,
                            rowsetId, e.getMessage());
                    return;
                }
            }
            intents.released(rowsetId);
        });
    }
}
