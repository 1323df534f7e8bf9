package io.shoaldb.server.vault;

import io.shoaldb.catalog.Catalog;
import io.shoaldb.catalog.CatalogSnapshot;
import io.shoaldb.catalog.model.StorageVault;
import io.shoaldb.objectstore.ObjectStore;
import io.shoaldb.objectstore.ObjectStoreException;
import io.shoaldb.storage.StorageEngine;
import io.shoaldb.storage.VaultIntents;
import io.shoaldb.storage.rowset.SegmentFiles;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deletes storage-vault objects that no committed state names, working only from the node's {@link VaultIntents}:
 * the rowsets it lists as orphans (compacted away, aborted, or cut by a crash between upload and commit) and the
 * tables it lists as dropped. Nothing in flight is a candidate: a writer's upload is an orphan only once its writer
 * has aborted or its process is gone. Each candidate waits {@code grace} after it became one (an upload whose answer
 * was lost may still land, a query that began before a drop may still read), then the recycler lists just its prefix
 * ({@code data/<table>/<tablet>/<rowset>_} or a dropped table's {@code data/<table>/}) and deletes what is there.
 * A store that fails leaves the candidate for the next pass.
 *
 * <p>Each pass also aborts the unfinished multipart uploads ({@link MultipartLeftovers}) under the prefixes it visits
 * anyway: the tablets of its due orphans, its due dropped tables, and every table with vault uploads since it last
 * found that table clear - the last covers a duplicate upload left beside a rowset that was committed after all.
 * A table stays on that list until its latest upload is past the grace period and no unfinished upload is left.
 */
public final class VaultRecycler implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(VaultRecycler.class);

    private final StorageEngine storage;
    private final Catalog catalog;
    private final VaultStores vaults;
    private final Duration grace;
    private final LongSupplier clock;
    private final AtomicLong deletedObjects = new AtomicLong();
    private final MultipartLeftovers leftovers;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "vault-recycler");
        t.setDaemon(true);
        return t;
    });

    public VaultRecycler(StorageEngine storage, Catalog catalog, VaultStores vaults, Duration grace, LongSupplier clock) {
        this.storage = storage;
        this.catalog = catalog;
        this.vaults = vaults;
        this.grace = grace;
        this.clock = clock;
        this.leftovers = new MultipartLeftovers(storage.vaultIntents());
    }

    /** Runs a pass every {@code interval}, the first one after {@code interval}. */
    public void start(Duration interval) {
        timer.scheduleWithFixedDelay(this::passQuietly, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Objects deleted since start. */
    public long deletedObjects() {
        return deletedObjects.get();
    }

    /** Unfinished multipart uploads aborted since start. */
    public long abortedUploads() {
        return leftovers.aborted();
    }

    /** Uploads in flight, orphans and drops not yet recycled. */
    public int pendingIntents() {
        return storage.vaultIntents().pending();
    }

    private void passQuietly() {
        try {
            pass();
        } catch (RuntimeException e) {
            LOG.warn("vault recycler pass failed (retried at the next): {}", e.toString());
        }
    }

    /** One pass over the candidates whose grace period is over. */
    void pass() {
        VaultIntents intents = storage.vaultIntents();
        long due = clock.getAsLong() - grace.toMillis();
        CatalogSnapshot catalogNow = catalog.snapshot();
        Map<Long, Long> uploadedTo = intents.tablesUploadedTo();
        for (VaultIntents.Intent orphan : intents.orphans()) {
            if (orphan.sinceMillis() <= due) {
                if (!uploadedTo.containsKey(orphan.tableId())) {
                    abortLeftoversOfTablet(orphan, due);
                }
                recycleRowset(intents, orphan);
            }
        }
        uploadedTo.forEach((tableId, latestMillis) -> {
            ObjectStore store = storage.vaultOf(tableId);
            if (store == null) { // dropped since: its drop clears the whole prefix
                intents.uploadsCleared(tableId, latestMillis);
            } else if (leftovers.abortUnder(store, SegmentFiles.tablePrefix(tableId), due) && latestMillis <= due) {
                intents.uploadsCleared(tableId, latestMillis);
            }
        });
        for (VaultIntents.Drop drop : intents.drops()) {
            if (drop.sinceMillis() <= due) {
                recycleTable(intents, catalogNow, drop);
            }
        }
    }

    private void abortLeftoversOfTablet(VaultIntents.Intent orphan, long due) {
        ObjectStore store = storage.vaultOf(orphan.tableId());
        if (store != null) {
            leftovers.abortUnder(store, SegmentFiles.tabletPrefix(orphan.tableId(), orphan.tabletId()), due);
        }
    }

    private void recycleTable(VaultIntents intents, CatalogSnapshot catalogNow, VaultIntents.Drop drop) {
        if (catalogNow.tableById(drop.tableId()).isPresent()) {
            LOG.info("table {} was not dropped (its drop failed or a crash cut it before the catalog's record): its"
                    + " objects stay", drop.tableId());
            intents.dropped(drop.tableId());
            return;
        }
        StorageVault vault = catalogNow.storageVaults().all().stream().filter(v -> v.id() == drop.vaultId())
                .findFirst().orElse(null);
        if (vault == null) {
            LOG.warn("dropped table {} was in storage vault {}, which the catalog no longer holds: its objects are left",
                    drop.tableId(), drop.vaultId());
            intents.dropped(drop.tableId());
            return;
        }
        ObjectStore store = vaults.store(vault);
        String prefix = SegmentFiles.tablePrefix(drop.tableId());
        // No writer uploads to a dropped table: every unfinished upload under its prefix is a leftover.
        boolean uploadsGone = leftovers.abortUnder(store, prefix, Long.MAX_VALUE);
        if (deleteAll(store, prefix, "dropped table " + drop.tableId()) && uploadsGone) {
            intents.dropped(drop.tableId());
        }
    }

    private void recycleRowset(VaultIntents intents, VaultIntents.Intent orphan) {
        if (intents.dropPending(orphan.tableId())) {
            intents.released(orphan.rowsetId()); // the table's whole prefix goes with its drop
            return;
        }
        if (storage.holdsRowset(orphan.tableId(), orphan.rowsetId())) {
            LOG.error("rowset {} of table {} is listed as an orphan but the table's state holds it: its objects stay",
                    orphan.rowsetId(), orphan.tableId());
            intents.released(orphan.rowsetId());
            return;
        }
        ObjectStore store = storage.vaultOf(orphan.tableId());
        if (store == null) {
            LOG.warn("orphan rowset {} belongs to table {}, which is not registered and has no pending drop: left",
                    orphan.rowsetId(), orphan.tableId());
            intents.released(orphan.rowsetId());
            return;
        }
        if (deleteAll(store, SegmentFiles.rowsetPrefix(orphan.tableId(), orphan.tabletId(), orphan.rowsetId()),
                "orphan rowset " + orphan.rowsetId())) {
            intents.released(orphan.rowsetId());
        }
    }

    /** Deletes every object under {@code prefix}; false (logged) when the store failed. */
    private boolean deleteAll(ObjectStore store, String prefix, String what) {
        try {
            int deleted = 0;
            for (String key : store.list(prefix)) {
                store.delete(key);
                deleted++;
                deletedObjects.incrementAndGet();
            }
            if (deleted > 0) {
                LOG.info("vault recycler deleted {} objects of {} ({})", deleted, what, prefix);
            }
            return true;
        } catch (ObjectStoreException e) {
            LOG.warn("vault recycler could not clear {} of {} (retried at the next pass): {}", prefix, what,
                    e.getMessage());
            return false;
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
