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
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FaultInjectionTest {
    @TempDir
    Path dir;

    @Test
    void failedFsyncOfTheCommitRecordAbortsAndPoisonsUntilRestart() throws Exception {
        FaultyFiles files = new FaultyFiles();
        Fixture f = new Fixture(dir, files);
        try (TransactionManager m = f.open()) {
            load(m, 1, 11);
            Transaction t = m.begin(DB, "doomed", tables(1), null);
            Transaction other = m.begin(DB, "x", tables(2), null);
            int publishes = f.publisher.publishes.size();
            files.failFsync.set(true);

            assertThatThrownBy(() -> m.commit(t, Map.of(1L, Map.of(11L, rowset(11)))))
                    .isInstanceOfSatisfying(ShoalException.class,
                            e -> assertThat(e.code()).isEqualTo(ErrorCode.IO_ERROR))
                    .hasMessageContaining("injected fsync failure");
            assertThat(t.state()).isEqualTo(TxnState.ABORTED);
            assertThat(f.publisher.publishes).hasSize(publishes);
            assertThat(m.visibleVersion(1)).isEqualTo(1);
            assertThat(m.poisoned()).isTrue();

            files.failFsync.set(false); // the disk recovered, but the log's state is unknown: still refused
            assertThatThrownBy(() -> m.commit(other, Map.of(2L, Map.of(21L, rowset(21)))))
                    .hasMessageContaining("no writes until restart");
            assertThatThrownBy(() -> m.begin(DB, "y", tables(2), null)).hasMessageContaining("no writes until restart");
            assertThatThrownBy(() -> m.truncateTable(1)).hasMessageContaining("no writes until restart");
        }
        try (TransactionManager m = f.open()) {
            assertThat(m.poisoned()).isFalse();
            // the unacknowledged record reached the page cache; the open decides it is there (allowed)
            long v = m.visibleVersion(1);
            assertThat(v).isBetween(1L, 2L);
            assertThat(load(m, 1, 11).versionByTable()).containsEntry(1L, v + 1);
        }
    }

    @Test
    void failedIdBlockAllocationRefusesBegin() throws Exception {
        FaultyFiles files = new FaultyFiles();
        Fixture f = new Fixture(dir, files);
        try (TransactionManager m = f.open()) {
            files.failFsync.set(true);
            assertThatThrownBy(() -> m.begin(DB, null, tables(1), null))
                    .isInstanceOfSatisfying(ShoalException.class,
                            e -> assertThat(e.code()).isEqualTo(ErrorCode.IO_ERROR));
            assertThat(m.poisoned()).isTrue();
        }
    }
}
