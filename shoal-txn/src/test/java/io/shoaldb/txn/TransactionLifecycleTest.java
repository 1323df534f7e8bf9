package io.shoaldb.txn;

import static io.shoaldb.txn.Fixture.DB;
import static io.shoaldb.txn.Fixture.load;
import static io.shoaldb.txn.Fixture.rowset;
import static io.shoaldb.txn.Fixture.tables;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TransactionLifecycleTest {
    @TempDir
    Path dir;

    @Test
    void beginCommitMakesTheTransactionVisibleAndPublishesStampedRowsets() throws Exception {
        Fixture f = new Fixture(dir);
        try (TransactionManager m = f.open()) {
            Transaction t = m.begin(DB, "l1", tables(1), Duration.ofMinutes(1));
            assertThat(t.state()).isEqualTo(TxnState.PREPARE);
            CommitResult r = m.commit(t, Map.of(1L, Map.of(11L, rowset(11))));

            assertThat(t.state()).isEqualTo(TxnState.VISIBLE);
            assertThat(r).isEqualTo(new CommitResult(t.txnId(), "l1", Map.of(1L, 1L)));
            assertThat(m.visibleVersion(1)).isEqualTo(1);
            RecordingPublisher.Publish p = f.publisher.publishes.getFirst();
            assertThat(p.version()).isEqualTo(1);
            assertThat(p.added().get(11L).getFirst().startVersion()).isEqualTo(1);
            assertThat(p.removed()).isEmpty();
            TransactionInfo info = m.find(t.txnId()).orElseThrow();
            assertThat(info.state()).isEqualTo(TxnState.VISIBLE);
            assertThat(info.commitTimeMillis()).isPositive();
            assertThat(m.find(DB, "l1")).contains(info);
        }
    }

    @Test
    void versionsIncreasePerTableIndependently() throws Exception {
        try (TransactionManager m = new Fixture(dir).open()) {
            assertThat(load(m, 1, 11).versionByTable()).containsEntry(1L, 1L);
            assertThat(load(m, 1, 12).versionByTable()).containsEntry(1L, 2L);
            assertThat(load(m, 2, 21).versionByTable()).containsEntry(2L, 1L);
            CommitResult both = load(m, null, Map.of(1L, 11L, 2L, 21L));
            assertThat(both.versionByTable()).isEqualTo(Map.of(1L, 3L, 2L, 2L));
        }
    }

    @Test
    void abortedTransactionCannotCommitAndKeepsItsReason() throws Exception {
        try (TransactionManager m = new Fixture(dir).open()) {
            Transaction t = m.begin(DB, "a", tables(1), null);
            m.abort(t, "user cancelled");
            assertThat(t.state()).isEqualTo(TxnState.ABORTED);
            assertThatThrownBy(() -> m.commit(t, Map.of(1L, Map.of(11L, rowset(11)))))
                    .isInstanceOf(ShoalException.class)
                    .hasMessage("transaction [" + t.txnId() + "] is already aborted. abort reason: user cancelled");
            assertThat(m.find(t.txnId()).orElseThrow().reason()).isEqualTo("user cancelled");
            assertThat(m.visibleVersion(1)).isZero();
        }
    }

    @Test
    void timedOutTransactionIsAbortedAtCommit() throws Exception {
        Fixture f = new Fixture(dir);
        try (TransactionManager m = f.open()) {
            Transaction t = m.begin(DB, "slow", tables(1), Duration.ofSeconds(10));
            f.clock.advance(Duration.ofSeconds(11));
            assertThatThrownBy(() -> m.commit(t, Map.of(1L, Map.of(11L, rowset(11)))))
                    .hasMessageContaining("is already aborted. abort reason: timeout by txn manager");
            assertThat(t.state()).isEqualTo(TxnState.ABORTED);
            assertThat(f.publisher.publishes).isEmpty();
        }
    }

    @Test
    void committingTwiceOrAbortingACommittedTransactionFails() throws Exception {
        try (TransactionManager m = new Fixture(dir).open()) {
            Transaction t = m.begin(DB, null, tables(1), null);
            m.commit(t, Map.of(1L, Map.of(11L, rowset(11))));
            assertThatThrownBy(() -> m.commit(t, Map.of(1L, Map.of(11L, rowset(11)))))
                    .hasMessage("transaction [" + t.txnId() + "] is already VISIBLE");
            assertThatThrownBy(() -> m.abort(t, "late"))
                    .extracting(e -> ((ShoalException) e).code()).isEqualTo(ErrorCode.TXN_INVALID_STATE);
        }
    }

    @Test
    void commitToATableOutsideTheTransactionIsRefused() throws Exception {
        try (TransactionManager m = new Fixture(dir).open()) {
            Transaction t = m.begin(DB, null, tables(1), null);
            assertThatThrownBy(() -> m.commit(t, Map.of(2L, Map.of(21L, rowset(21)))))
                    .hasMessageContaining("did not begin with table 2");
        }
    }

    @Test
    void generatedLabelsFollowDorisFormat() throws Exception {
        try (TransactionManager m = new Fixture(dir).open()) {
            assertThat(m.begin(DB, null, tables(1), null).label()).matches("label_[0-9a-f]{16}_[0-9a-f]{16}");
            assertThat(Labels.generate("group_commit_")).matches("group_commit_[0-9a-f]{16}_[0-9a-f]{16}");
        }
        assertThat(Labels.format("label_", 0xabcL, -1L)).isEqualTo("label_0000000000000abc_ffffffffffffffff");
        assertThat(Labels.format("x_", 0L, Long.MIN_VALUE)).isEqualTo("x_0000000000000000_8000000000000000");
    }

    @Test
    void labelOfARunningOrFinishedTransactionCannotBeReused() throws Exception {
        try (TransactionManager m = new Fixture(dir).open()) {
            Transaction running = m.begin(DB, "busy", tables(1), null);
            assertThatThrownBy(() -> m.begin(DB, "busy", tables(1), null))
                    .isInstanceOfSatisfying(LabelAlreadyExistsException.class, e -> {
                        assertThat(e.code()).isEqualTo(ErrorCode.LABEL_ALREADY_EXISTS);
                        assertThat(e.getMessage()).isEqualTo("Label [busy] has already been used, relate to txn ["
                                + running.txnId() + "], status [PREPARE].");
                        assertThat(e.existingJobStatus()).isEqualTo("RUNNING");
                    });
            CommitResult done = load(m, "done", Map.of(1L, 11L));
            assertThatThrownBy(() -> m.begin(DB, "done", tables(1), null))
                    .isInstanceOfSatisfying(LabelAlreadyExistsException.class, e -> {
                        assertThat(e.getMessage()).isEqualTo("Label [done] has already been used, relate to txn ["
                                + done.txnId() + "], status [VISIBLE].");
                        assertThat(e.existingJobStatus()).isEqualTo("FINISHED");
                        assertThat(e.existingState()).isEqualTo(TxnState.VISIBLE);
                    });
            // labels are per database
            assertThat(m.begin(DB + 1, "done", tables(1), null).state()).isEqualTo(TxnState.PREPARE);
        }
    }

    @Test
    void labelOfAnAbortedTransactionCanBeReused() throws Exception {
        try (TransactionManager m = new Fixture(dir).open()) {
            Transaction first = m.begin(DB, "retry", tables(1), null);
            m.abort(first, "failed");
            Transaction second = m.begin(DB, "retry", tables(1), null);
            assertThat(second.txnId()).isGreaterThan(first.txnId());
            assertThat(m.find(DB, "retry").orElseThrow().txnId()).isEqualTo(second.txnId());
            assertThat(m.find(first.txnId()).orElseThrow().state()).isEqualTo(TxnState.ABORTED);
        }
    }

    @Test
    void labelOfATimedOutTransactionCanBeReused() throws Exception {
        Fixture f = new Fixture(dir);
        try (TransactionManager m = f.open()) {
            Transaction first = m.begin(DB, "stuck", tables(1), Duration.ofSeconds(5));
            f.clock.advance(Duration.ofSeconds(6));
            m.begin(DB, "stuck", tables(1), null);
            assertThat(first.state()).isEqualTo(TxnState.ABORTED);
        }
    }

    @Test
    void labelIsFreeAgainAfterRetentionEvenAcrossRestart() throws Exception {
        Fixture f = new Fixture(dir);
        try (TransactionManager m = f.open()) {
            load(m, "old", Map.of(1L, 11L));
        }
        try (TransactionManager m = f.open()) {
            assertThatThrownBy(() -> m.begin(DB, "old", tables(1), null))
                    .isInstanceOf(LabelAlreadyExistsException.class);
            f.clock.advance(f.options.labelKeepMax().plusSeconds(1));
            assertThat(m.begin(DB, "old", tables(1), null).state()).isEqualTo(TxnState.PREPARE);
        }
    }

    @Test
    void expiredLabelsLeaveMemoryAndTheNextImage() throws Exception {
        Fixture f = new Fixture(dir);
        long txnId;
        try (TransactionManager m = f.open()) {
            txnId = load(m, "gone", Map.of(1L, 11L)).txnId();
            f.clock.advance(f.options.labelKeepMax().plusSeconds(1));
            m.checkpoint();
            assertThat(m.find(txnId)).isEmpty();
        }
        try (TransactionManager m = f.open()) {
            assertThat(m.find(txnId)).isEmpty();
            assertThat(m.find(DB, "gone")).isEmpty();
            assertThat(m.visibleVersion(1)).isEqualTo(1);
        }
    }

    @Test
    void transactionIdsIncreaseAcrossReopen() throws Exception {
        Fixture f = new Fixture(dir);
        long last;
        try (TransactionManager m = f.open()) {
            long a = m.begin(DB, null, tables(1), null).txnId();
            last = m.begin(DB, null, tables(1), null).txnId();
            assertThat(last).isGreaterThan(a);
        }
        for (int i = 0; i < 3; i++) {
            try (TransactionManager m = f.open()) {
                long next = m.begin(DB, null, tables(1), null).txnId(); // uncommitted: only the id block is durable
                assertThat(next).isGreaterThan(last);
                last = next;
            }
        }
    }
}
