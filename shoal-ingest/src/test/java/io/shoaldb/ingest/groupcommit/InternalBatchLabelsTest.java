package io.shoaldb.ingest.groupcommit;

import static io.shoaldb.ingest.groupcommit.GcFixture.DB;
import static io.shoaldb.ingest.groupcommit.GcFixture.TABLE;
import static io.shoaldb.ingest.groupcommit.GcFixture.rows;
import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.common.io.ForwardingFiles;
import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.txn.Transaction;
import io.shoaldb.txn.TxnState;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Group-commit batches are internal transactions: their generated labels take part in no dedup, so once a
 * batch is visible, its WAL deleted and no request id points at it, nothing of it is retained - not in
 * memory, not in checkpoint images. User labels are kept for {@code label_keep_max_second} as before.
 */
class InternalBatchLabelsTest {
    static final long INTERVAL = 10_000;
    static final long BIG = 64L << 20;
    static final int BATCHES = 100_000;

    @TempDir
    Path dir;
    GcFixture f;

    @AfterEach
    void tearDown() {
        if (f != null) {
            f.close();
        }
    }

    /** Durability is not under test here: fsyncs are skipped so 100k commits run in seconds. */
    static final class NoFsync extends ForwardingFiles {
        NoFsync() {
            super(new LocalFiles());
        }

        @Override
        public void fsync(FileChannel channel) {
        }

        @Override
        public void fsyncDirectory(Path dir) {
        }
    }

    @Test
    void aHundredThousandBatchesLeaveNoRetainedLabels() throws Exception {
        f = new GcFixture(dir, new NoFsync()).open(GcFixture.options(), new ManualTimer());
        Transaction user = f.txns.begin(DB, "user_label_1", Set.of(TABLE), Duration.ofMinutes(1));
        f.txns.commit(user, Map.of());
        List<Long> batchTxns = new ArrayList<>(BATCHES);
        for (int i = 0; i < BATCHES; i++) {
            GroupCommitMode mode = i % 2 == 0 ? GroupCommitMode.SYNC : GroupCommitMode.ASYNC;
            LoadResult r = f.manager.load(f.target, rows(i, 1), mode, INTERVAL, BIG, null);
            if (mode == GroupCommitMode.ASYNC) {
                f.manager.awaitVisible(TABLE, r.txnId());
            }
            batchTxns.add(r.txnId());
            if (i % 1000 == 999) {
                f.txns.truncateTable(TABLE); // keeps the table's rowsets (copied by every commit) few
            }
        }
        assertThat(f.txns.visibleVersion(TABLE)).isEqualTo(BATCHES + BATCHES / 1000);
        assertThat(batchTxns.stream().filter(id -> f.txns.find(id).isPresent()).count())
                .as("batch transactions still remembered").isZero();
        assertThat(f.txns.find(DB, "user_label_1")).as("a user label is kept")
                .hasValueSatisfying(info -> assertThat(info.state()).isEqualTo(TxnState.VISIBLE));

        f.txns.checkpoint(); // the rowsets are truncated: the image holds little more than the labels
        long imageBytes = Files.size(dir.resolve("txn").resolve("txn.image"));
        assertThat(imageBytes).as("checkpoint image bytes after %d batches", BATCHES).isLessThan(16 * 1024);

        f.reopen(GcFixture.options(), new ManualTimer());
        f.manager.replay();
        assertThat(f.txns.find(DB, "user_label_1")).isPresent();
        assertThat(f.txns.find(batchTxns.getLast())).isEmpty();
    }

    @Test
    void aBatchWithARequestIdKeepsItsTransactionUntilTheIdExpires() {
        f = new GcFixture(dir).open(GcFixture.options(), new ManualTimer());
        LoadResult r = f.manager.load(f.target, rows(0, 1), GroupCommitMode.SYNC, INTERVAL, BIG, "req-1");
        // A restart finds the id in the request-id log and asks whether this transaction committed.
        assertThat(f.txns.find(r.txnId())).hasValueSatisfying(i -> assertThat(i.state()).isEqualTo(TxnState.VISIBLE));
        f.reopen(GcFixture.options(), new ManualTimer());
        f.manager.replay();
        assertThat(f.manager.load(f.target, rows(0, 1), GroupCommitMode.SYNC, INTERVAL, BIG, "req-1")).isEqualTo(r);
        assertThat(f.keys()).containsExactly(0L);
    }
}
