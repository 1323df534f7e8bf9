package io.shoaldb.server.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.common.io.ForwardingFiles;
import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.ingest.groupcommit.GroupCommitManager;
import io.shoaldb.ingest.groupcommit.GroupCommitMode;
import io.shoaldb.ingest.groupcommit.GroupCommitOptions;
import io.shoaldb.ingest.write.WriteTarget;
import io.shoaldb.storage.StorageEngine;
import io.shoaldb.storage.StorageOptions;
import io.shoaldb.storage.partition.DataPartitions;
import io.shoaldb.storage.segment.SegmentColumn;
import io.shoaldb.storage.tablet.BucketRouter;
import io.shoaldb.storage.tablet.KeysModel;
import io.shoaldb.storage.tablet.TabletPlacement;
import io.shoaldb.storage.tablet.TabletSchema;
import io.shoaldb.txn.Transaction;
import io.shoaldb.txn.TransactionManager;
import io.shoaldb.txn.TxnOptions;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.type.DataType;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The health check reports a poisoned commit log and a distressed WAL directory, on real engines. */
class NodeHealthTest {
    static final TabletSchema SCHEMA = new TabletSchema(
            List.of(new SegmentColumn(1, DataType.BIGINT), new SegmentColumn(2, DataType.STRING)), 1,
            KeysModel.DUPLICATE, null, -1);
    static final List<TabletPlacement> TABLETS = List.of(new TabletPlacement(401, 0, 0));

    @TempDir
    Path dir;
    final AtomicBoolean failFsync = new AtomicBoolean();
    /** Fail fsyncs of WAL files only (not of the commit log's). */
    final AtomicBoolean onlyWal = new AtomicBoolean();
    final Set<FileChannel> walChannels = java.util.concurrent.ConcurrentHashMap.newKeySet();
    TransactionManager txns;
    GroupCommitManager groupCommit;

    @AfterEach
    void tearDown() throws IOException {
        failFsync.set(false);
        if (groupCommit != null) {
            groupCommit.close();
        }
        if (txns != null) {
            txns.close();
        }
    }

    private NodeHealth open() {
        ForwardingFiles files = new ForwardingFiles(new LocalFiles()) {
            @Override
            public FileChannel open(Path file, java.nio.file.OpenOption... options) throws IOException {
                FileChannel channel = super.open(file, options);
                if (file.startsWith(dir.resolve("wal"))) {
                    walChannels.add(channel);
                }
                return channel;
            }

            @Override
            public void fsync(FileChannel channel) throws IOException {
                if (failFsync.get() && (!onlyWal.get() || walChannels.contains(channel))) {
                    throw new IOException("injected fsync failure");
                }
                super.fsync(channel);
            }
        };
        DataPartitions partitions = DataPartitions.open(files, List.of(dir.resolve("data")), 1, 8L << 30, 8);
        StorageEngine storage = new StorageEngine(files, partitions, StorageOptions.DEFAULT);
        txns = TransactionManager.open(files, dir.resolve("txn"), storage, TxnOptions.defaults());
        storage.registerTable(40, SCHEMA, TABLETS);
        storage.finishRecovery();
        groupCommit = new GroupCommitManager(files, List.of(dir.resolve("wal")), storage, txns,
                GroupCommitOptions.defaults().withMinFreeBytes(0));
        return new NodeHealth(txns, groupCommit);
    }

    @Test
    void aPoisonedCommitLogIsAHealthProblem() {
        NodeHealth health = open();
        assertThat(health.problems()).isEmpty();
        Transaction t = txns.begin(4, "x", Set.of(40L), null);
        failFsync.set(true);
        assertThatThrownBy(() -> txns.commit(t, Map.of()));
        assertThat(health.problems()).singleElement().asString().contains("commit log failed");
    }

    @Test
    void aDistressedWalDirectoryIsAHealthProblem() {
        NodeHealth health = open();
        WriteTarget target = new WriteTarget(4, 40, "t", SCHEMA, TABLETS, new BucketRouter(new int[] {0}, 1));
        BatchBuilder rows = new BatchBuilder(List.of(DataType.BIGINT, DataType.STRING));
        rows.appendRow(1L, "a");
        onlyWal.set(true);
        failFsync.set(true);
        assertThatThrownBy(() -> groupCommit.load(target, rows.build(), GroupCommitMode.ASYNC,
                Duration.ofMinutes(1).toMillis(), 64L << 20, null)).hasMessageContaining("injected fsync failure");
        assertThat(health.problems()).singleElement().asString().contains("distressed")
                .contains("injected fsync failure");
    }
}
