package io.shoaldb.storage.rowset;

import io.shoaldb.objectstore.ObjectStore;
import io.shoaldb.storage.VaultIntents;

/**
 * Where the segments of one tablet of a table in a storage vault go: objects of the vault's store, each rowset's
 * upload announced in the node's {@link VaultIntents} first.
 */
public record SegmentObjects(ObjectStore store, VaultIntents intents, long tableId, long tabletId) {
    /** The object key of segment {@code ordinal} of rowset {@code rowsetId}. */
    public String key(long rowsetId, int ordinal) {
        return SegmentFiles.objectKey(tableId, tabletId, rowsetId, ordinal);
    }
}
