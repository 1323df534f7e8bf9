package io.shoaldb.server.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.ingest.write.WriteTarget;
import io.shoaldb.storage.StorageEngine;
import io.shoaldb.storage.StorageOptions;
import io.shoaldb.storage.TableSnapshot;
import io.shoaldb.storage.partition.DataPartitions;
import io.shoaldb.storage.rowset.RowsetMeta;
import io.shoaldb.storage.rowset.RowsetPublisher;
import io.shoaldb.storage.segment.SegmentColumn;
import io.shoaldb.storage.tablet.BucketRouter;
import io.shoaldb.storage.tablet.KeysModel;
import io.shoaldb.storage.tablet.TabletPlacement;
import io.shoaldb.storage.tablet.TabletSchema;
import io.shoaldb.txn.TransactionManager;
import io.shoaldb.txn.TxnOptions;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.type.DataType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A load whose commit record is durable keeps its segment files even when publishing then fails: the
 * commit is decided, and the rows become visible when the publish is retried (here by the table's next
 * commit). Before, the failure path deleted the files of a committed transaction.
 */
class PendingLoadCommitFailureTest {
    static final long DB = 3;
    static final long TABLE = 30;
    static final TabletSchema SCHEMA = new TabletSchema(
            List.of(new SegmentColumn(1, DataType.BIGINT), new SegmentColumn(2, DataType.STRING)), 1,
            KeysModel.DUPLICATE, null, -1);
    static final List<TabletPlacement> TABLETS = List.of(new TabletPlacement(301, 0, 0));

    @TempDir
    Path dir;
    TransactionManager txns;

    @AfterEach
    void tearDown() throws IOException {
        if (txns != null) {
            txns.close();
        }
    }

    @Test
    void aPublishFailureAfterTheCommitRecordKeepsTheFilesAndTheRows() throws Exception {
        LocalFiles files = new LocalFiles();
        DataPartitions partitions = DataPartitions.open(files, List.of(dir.resolve("data")), 1, 8L << 30, 8);
        StorageEngine storage = new StorageEngine(files, partitions, StorageOptions.DEFAULT);
        AtomicBoolean failPublish = new AtomicBoolean();
        RowsetPublisher publisher = new RowsetPublisher() {
            @Override
            public void publish(long tableId, long version, Map<Long, List<RowsetMeta>> added,
                    Map<Long, List<RowsetMeta>> removed) {
                if (failPublish.getAndSet(false)) {
                    throw new IllegalStateException("injected publish failure");
                }
                storage.publish(tableId, version, added, removed);
            }

            @Override
            public void dropTable(long tableId) {
                storage.dropTable(tableId);
            }
        };
        txns = TransactionManager.open(files, dir.resolve("txn"), publisher, TxnOptions.defaults());
        storage.registerTable(TABLE, SCHEMA, TABLETS);
        storage.finishRecovery();
        WriteTarget target = new WriteTarget(DB, TABLE, "t", SCHEMA, TABLETS, new BucketRouter(new int[] {0}, 1));

        PendingLoad load = new PendingLoad(storage, txns, DB, "committed_then_publish_fails");
        load.table(target).append(rows(0, 100));
        failPublish.set(true);
        assertThatThrownBy(() -> load.commit(null)).hasMessageContaining("is committed");
        assertThat(segmentFiles()).as("the committed rowset's files").isNotEmpty();

        PendingLoad next = new PendingLoad(storage, txns, DB, "next");
        next.table(target).append(rows(100, 10));
        next.commit(null);
        assertThat(visibleRows(storage)).isEqualTo(110);
    }

    private static io.shoaldb.vector.Batch rows(long from, int count) {
        BatchBuilder b = new BatchBuilder(List.of(DataType.BIGINT, DataType.STRING));
        for (long k = from; k < from + count; k++) {
            b.appendRow(k, "v" + k);
        }
        return b.build();
    }

    private List<Path> segmentFiles() throws IOException {
        try (Stream<Path> all = Files.walk(dir.resolve("data"))) {
            return all.filter(Files::isRegularFile).filter(p -> p.getFileName().toString().endsWith(".seg")).toList();
        }
    }

    private static long visibleRows(StorageEngine storage) {
        try (TableSnapshot s = storage.snapshot(TABLE)) {
            return s.tabletIds().stream().mapToLong(tablet -> s.rowsets(tablet).stream()
                    .mapToLong(RowsetMeta::rowCount).sum()).sum();
        }
    }
}
