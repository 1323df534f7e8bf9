package io.shoaldb.txn;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Internal transactions (group-commit batches) hold no label, and once released leave nothing behind. */
class InternalTransactionTest {
    @TempDir
    Path dir;

    @Test
    void aReleasedInternalTransactionIsForgottenAndLeavesTheImage() throws Exception {
        Fixture fx = new Fixture(dir);
        long released;
        long kept;
        try (TransactionManager m = fx.open()) {
            Transaction a = m.beginInternal(Fixture.DB, "group_commit_a", Set.of(1L), Duration.ofMinutes(1));
            assertThat(m.find(Fixture.DB, "group_commit_a")).as("no label registered").isEmpty();
            m.release(a.txnId());
            assertThat(m.find(a.txnId())).as("unfinished: not released").isPresent();
            m.commit(a, Map.of(1L, Map.of(11L, Fixture.rowset(11))));
            m.release(a.txnId());
            released = a.txnId();
            assertThat(m.find(released)).isEmpty();
            Transaction b = m.beginInternal(Fixture.DB, "group_commit_b", Set.of(1L), Duration.ofMinutes(1));
            m.commit(b, Map.of(1L, Map.of(11L, Fixture.rowset(11))));
            kept = b.txnId();
            CommitResult user = Fixture.load(m, "user", Map.of(1L, 11L));
            m.release(user.txnId()); // a user transaction is never released
            assertThat(m.find(Fixture.DB, "user")).isPresent();
            m.checkpoint();
        }
        try (TransactionManager m = fx.open()) {
            assertThat(m.find(released)).as("not in the image").isEmpty();
            assertThat(m.find(kept)).as("not released: still known to be committed").isPresent();
            assertThat(m.find(Fixture.DB, "user")).isPresent();
            assertThat(m.visibleVersion(1L)).isEqualTo(3);
        }
    }
}
