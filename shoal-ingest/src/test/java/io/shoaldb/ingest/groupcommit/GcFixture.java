package io.shoaldb.ingest.groupcommit;

import io.shoaldb.common.io.FilesFacade;
import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.ingest.write.WriteTarget;
import io.shoaldb.storage.StorageEngine;
import io.shoaldb.storage.StorageOptions;
import io.shoaldb.storage.TableSnapshot;
import io.shoaldb.storage.partition.DataPartitions;
import io.shoaldb.storage.scan.TabletScan;
import io.shoaldb.storage.segment.SegmentColumn;
import io.shoaldb.storage.segment.ZoneMapPredicate;
import io.shoaldb.storage.tablet.BucketRouter;
import io.shoaldb.storage.tablet.KeysModel;
import io.shoaldb.storage.tablet.TabletPlacement;
import io.shoaldb.storage.tablet.TabletSchema;
import io.shoaldb.txn.RecoveredTable;
import io.shoaldb.txn.TransactionManager;
import io.shoaldb.txn.TxnOptions;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.type.DataType;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Real storage + real transactions on temp dirs, one DUPLICATE table (k BIGINT, v STRING) in 2 tablets, and
 * a group-commit manager over them. {@link #reopen} simulates a crash: new engines on the same directories,
 * nothing of the old ones closed.
 */
final class GcFixture implements AutoCloseable {
    static final long DB = 7;
    static final long TABLE = 42;
    static final TabletSchema SCHEMA = new TabletSchema(
            List.of(new SegmentColumn(1, DataType.BIGINT), new SegmentColumn(2, DataType.STRING)), 1,
            KeysModel.DUPLICATE, null, -1);
    static final List<TabletPlacement> TABLETS = List.of(new TabletPlacement(501, 0, 0), new TabletPlacement(502, 1, 0));

    final Path root;
    final Path walDir;
    FilesFacade files;
    StorageEngine storage;
    TransactionManager txns;
    GroupCommitManager manager;
    SimpleGroupCommitMetrics metrics;
    WriteTarget target;
    TxnOptions txnOptions = TxnOptions.defaults();
    final List<AutoCloseable> toClose = new ArrayList<>();

    GcFixture(Path root) {
        this(root, new LocalFiles());
    }

    GcFixture(Path root, FilesFacade files) {
        this.root = root;
        this.walDir = root.resolve("wal");
        this.files = files;
    }

    GcFixture open(GroupCommitOptions options, CommitTimer timer) {
        DataPartitions partitions = DataPartitions.open(files, List.of(root.resolve("data")), 1, 8L << 30, 8);
        storage = new StorageEngine(files, partitions, StorageOptions.DEFAULT);
        txns = TransactionManager.open(files, root.resolve("txn"), storage, txnOptions);
        storage.registerTable(TABLE, SCHEMA, TABLETS);
        RecoveredTable rec = txns.recoveredTables().get(TABLE);
        if (rec != null) {
            storage.restore(TABLE, rec.visibleVersion(), rec.rowsetsByTablet());
        }
        storage.finishRecovery();
        target = new WriteTarget(DB, TABLE, "t", SCHEMA, TABLETS, new BucketRouter(new int[] {0}, 2));
        metrics = new SimpleGroupCommitMetrics();
        manager = new GroupCommitManager(files, List.of(walDir), storage, txns, options, metrics, timer);
        manager.setTargetResolver((db, table) -> table == TABLE ? target : null);
        toClose.add(txns);
        toClose.add(manager);
        return this;
    }

    /** A crash: the old objects are abandoned (not closed), new ones open the same directories. */
    GcFixture reopen(GroupCommitOptions options, CommitTimer timer) {
        toClose.clear();
        return open(options, timer);
    }

    static GroupCommitOptions options() {
        return GroupCommitOptions.defaults().withAdaptiveWindow(java.time.Duration.ZERO).withMinFreeBytes(0);
    }

    static Batch rows(long from, int count) {
        BatchBuilder b = new BatchBuilder(List.of(DataType.BIGINT, DataType.STRING));
        for (long k = from; k < from + count; k++) {
            b.appendRow(k, "v" + k);
        }
        return b.build();
    }

    /** Every k visible in the table, sorted. */
    List<Long> keys() {
        List<Long> out = new ArrayList<>();
        try (TableSnapshot s = storage.snapshot(TABLE)) {
            for (long tablet : s.tabletIds()) {
                try (TabletScan scan = TabletScan.open(s, tablet, new int[] {0, 1}, ZoneMapPredicate.ALWAYS)) {
                    for (Batch b = scan.next(); b != null; b = scan.next()) {
                        for (int i = 0; i < b.positionCount(); i++) {
                            out.add((Long) b.getObject(i, 0));
                        }
                    }
                }
            }
        }
        out.sort(null);
        return out;
    }

    List<Path> walFiles() throws IOException {
        List<Path> out = new ArrayList<>();
        for (Path f : files.list(walDir.resolve(Long.toString(DB)).resolve(Long.toString(TABLE)))) {
            if (!f.getFileName().toString().equals(RequestIdLog.FILE_NAME)) {
                out.add(f);
            }
        }
        return out;
    }

    @Override
    public void close() {
        for (int i = toClose.size() - 1; i >= 0; i--) {
            try {
                toClose.get(i).close();
            } catch (Exception e) {
                // best effort in tests
            }
        }
    }
}
