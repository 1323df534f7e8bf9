package io.shoaldb.bench.groupcommit;

import io.shoaldb.common.io.FilesFacade;
import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.ingest.groupcommit.GroupCommitManager;
import io.shoaldb.ingest.groupcommit.GroupCommitOptions;
import io.shoaldb.ingest.groupcommit.SimpleGroupCommitMetrics;
import io.shoaldb.ingest.write.WriteTarget;
import io.shoaldb.storage.StorageEngine;
import io.shoaldb.storage.StorageOptions;
import io.shoaldb.storage.partition.DataPartitions;
import io.shoaldb.storage.segment.SegmentColumn;
import io.shoaldb.storage.tablet.BucketRouter;
import io.shoaldb.storage.tablet.KeysModel;
import io.shoaldb.storage.tablet.TabletPlacement;
import io.shoaldb.storage.tablet.TabletSchema;
import io.shoaldb.txn.TransactionManager;
import io.shoaldb.txn.TxnOptions;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.type.DataType;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Real storage, real transactions and a group-commit manager on a temp directory, with one DUPLICATE table
 * (k BIGINT, v STRING) in 2 tablets. The benchmark's copy of shoal-ingest's test fixture GcFixture.
 */
final class GroupCommitRig implements AutoCloseable {
    static final long DB = 7;
    static final long TABLE = 42;
    private static final TabletSchema SCHEMA = new TabletSchema(
            List.of(new SegmentColumn(1, DataType.BIGINT), new SegmentColumn(2, DataType.STRING)), 1,
            KeysModel.DUPLICATE, null, -1);
    private static final List<TabletPlacement> TABLETS =
            List.of(new TabletPlacement(501, 0, 0), new TabletPlacement(502, 1, 0));

    final StorageEngine storage;
    final TransactionManager txns;
    final GroupCommitManager manager;
    final SimpleGroupCommitMetrics metrics = new SimpleGroupCommitMetrics();
    final WriteTarget target;

    GroupCommitRig(Path root, GroupCommitOptions options) {
        this(root, options, new LocalFiles());
    }

    GroupCommitRig(Path root, GroupCommitOptions options, FilesFacade files) {
        DataPartitions partitions = DataPartitions.open(files, List.of(root.resolve("data")), 1, 8L << 30, 8);
        storage = new StorageEngine(files, partitions, StorageOptions.DEFAULT);
        txns = TransactionManager.open(files, root.resolve("txn"), storage, TxnOptions.defaults());
        storage.registerTable(TABLE, SCHEMA, TABLETS);
        storage.finishRecovery();
        target = new WriteTarget(DB, TABLE, "t", SCHEMA, TABLETS, new BucketRouter(new int[] {0}, 2));
        manager = new GroupCommitManager(files, List.of(root.resolve("wal")), storage, txns, options, metrics, null);
        manager.setTargetResolver((db, table) -> table == TABLE ? target : null);
    }

    /** Group-commit defaults with no free-disk floor (the temp dir's disk is shared with other work). */
    static GroupCommitOptions options() {
        return GroupCommitOptions.defaults().withMinFreeBytes(0);
    }

    static Batch rows(long from, int count) {
        BatchBuilder b = new BatchBuilder(List.of(DataType.BIGINT, DataType.STRING));
        for (long k = from; k < from + count; k++) {
            b.appendRow(k, "v" + k);
        }
        return b.build();
    }

    @Override
    public void close() throws IOException {
        manager.close();
        txns.close();
    }
}
