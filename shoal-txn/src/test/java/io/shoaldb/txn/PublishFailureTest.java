package io.shoaldb.txn;

import static io.shoaldb.txn.Fixture.DB;
import static io.shoaldb.txn.Fixture.rowset;
import static io.shoaldb.txn.Fixture.tables;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.storage.rowset.RowsetMeta;
import io.shoaldb.storage.rowset.RowsetPublisher;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Once the commit record is durable the commit is decided: a publish that fails leaves the transaction
 * COMMITTED (callers must keep its files, {@link Transaction#mayBeCommitted}), and the version is published
 * before the table's next change or by {@link TransactionManager#retryPublish}, never skipped.
 */
class PublishFailureTest {
    @TempDir
    Path dir;

    /** Fails the next {@code failures} publishes, then forwards to the recording publisher. */
    static final class FailingPublisher implements RowsetPublisher {
        final RecordingPublisher recorded = new RecordingPublisher();
        final AtomicInteger failures = new AtomicInteger();

        @Override
        public void publish(long tableId, long version, Map<Long, List<RowsetMeta>> added,
                Map<Long, List<RowsetMeta>> removed) {
            if (failures.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                throw new IllegalStateException("injected publish failure");
            }
            recorded.publish(tableId, version, added, removed);
        }

        @Override
        public void dropTable(long tableId) {
            recorded.dropTable(tableId);
        }
    }

    @Test
    void aFailedPublishKeepsTheCommitAndIsRetriedBeforeTheTablesNextVersion() throws Exception {
        Fixture f = new Fixture(dir);
        FailingPublisher publisher = new FailingPublisher();
        try (TransactionManager m = TransactionManager.open(f.files, dir, publisher, f.options)) {
            Transaction first = m.begin(DB, "first", tables(1), null);
            publisher.failures.set(2);
            assertThatThrownBy(() -> m.commit(first, Map.of(1L, Map.of(11L, rowset(11)))))
                    .hasMessageContaining("is committed").hasMessageContaining("injected publish failure");
            assertThat(first.state()).isEqualTo(TxnState.COMMITTED);
            assertThat(first.mayBeCommitted()).isTrue();
            assertThat(m.visibleVersion(1)).isZero();
            assertThat(m.unpublishedTables()).containsExactly(1L);

            // The next commit of the table publishes the waiting version first; while that fails it is refused.
            Transaction second = m.begin(DB, "second", tables(1), null);
            assertThatThrownBy(() -> m.commit(second, Map.of(1L, Map.of(11L, rowset(11)))))
                    .hasMessageContaining("is not published yet");
            assertThat(second.mayBeCommitted()).isFalse();
            Transaction third = m.begin(DB, "third", tables(1), null);
            m.commit(third, Map.of(1L, Map.of(11L, rowset(11))));
            assertThat(publisher.recorded.versionsOf(1)).containsExactly(1L, 2L);
            assertThat(first.state()).isEqualTo(TxnState.VISIBLE);
            assertThat(third.state()).isEqualTo(TxnState.VISIBLE);
            assertThat(m.visibleVersion(1)).isEqualTo(2);
            assertThat(m.unpublishedTables()).isEmpty();
        }
    }

    @Test
    void retryPublishMakesAWaitingVersionVisibleWithoutANewCommit() throws Exception {
        Fixture f = new Fixture(dir);
        FailingPublisher publisher = new FailingPublisher();
        try (TransactionManager m = TransactionManager.open(f.files, dir, publisher, f.options)) {
            Transaction t = m.begin(DB, "t", tables(1, 2), null);
            publisher.failures.set(1);
            assertThatThrownBy(() -> m.commit(t, Map.of(1L, Map.of(11L, rowset(11)), 2L, Map.of(21L, rowset(21)))))
                    .hasMessageContaining("is committed");
            assertThat(t.state()).isEqualTo(TxnState.COMMITTED);
            assertThat(m.retryPublish()).isZero();
            assertThat(t.state()).isEqualTo(TxnState.VISIBLE);
            assertThat(publisher.recorded.versionsOf(1)).containsExactly(1L);
            assertThat(publisher.recorded.versionsOf(2)).containsExactly(1L);
        }
        // and a restart sees the commit from the log
        try (TransactionManager m = f.open()) {
            assertThat(m.visibleVersion(1)).isEqualTo(1);
            assertThat(m.find(DB, "t").orElseThrow().state()).isEqualTo(TxnState.VISIBLE);
        }
    }

    @Test
    void aFailedCommitRecordAppendMayStillBeCommitted() throws Exception {
        FaultyFiles files = new FaultyFiles();
        Fixture f = new Fixture(dir, files);
        try (TransactionManager m = f.open()) {
            Transaction t = m.begin(DB, "doomed", tables(1), null);
            files.failFsync.set(true);
            assertThatThrownBy(() -> m.commit(t, Map.of(1L, Map.of(11L, rowset(11)))));
            assertThat(t.state()).isEqualTo(TxnState.ABORTED);
            assertThat(t.mayBeCommitted()).as("the record may be on disk: its files must stay").isTrue();
        }
    }
}
