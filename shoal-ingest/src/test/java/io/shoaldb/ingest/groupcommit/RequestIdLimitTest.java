package io.shoaldb.ingest.groupcommit;

import static io.shoaldb.ingest.groupcommit.GcFixture.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.ingest.groupcommit.wal.WalDirectories;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Request ids are capped at the request, and the request-id log never stores one it cannot read back. */
class RequestIdLimitTest {
    static final long INTERVAL = 10_000;
    static final long BIG = 64L << 20;

    @TempDir
    Path dir;
    GcFixture f;

    @AfterEach
    void tearDown() {
        if (f != null) {
            f.close();
        }
    }

    @Test
    void anOverlongRequestIdIsRefusedNamingTheLimitAndLoadsNothing() throws Exception {
        f = new GcFixture(dir).open(GcFixture.options(), new ManualTimer());
        String huge = "r".repeat(70_000); // past the u16 length of the log's records
        for (GroupCommitMode mode : GroupCommitMode.values()) {
            assertThatThrownBy(() -> f.manager.load(f.target, rows(0, 2), mode, INTERVAL, BIG, huge))
                    .isInstanceOfSatisfying(ShoalException.class, e -> {
                        assertThat(e.code()).isEqualTo(ErrorCode.INVALID_VALUE);
                        assertThat(e.getMessage()).contains("group_commit_request_id", "70000",
                                Integer.toString(GroupCommitManager.MAX_REQUEST_ID_BYTES));
                    });
        }
        f.manager.awaitVisible(GcFixture.TABLE);
        assertThat(f.keys()).isEmpty();
        assertThat(f.manager.queuedBytes()).isZero();
    }

    @Test
    void anIdAtTheLimitIsDeduplicatedAcrossARestart() {
        f = new GcFixture(dir).open(GcFixture.options(), new ManualTimer());
        String longest = "é".repeat(GroupCommitManager.MAX_REQUEST_ID_BYTES / 2); // 2 UTF-8 bytes each
        LoadResult first = f.manager.load(f.target, rows(0, 2), GroupCommitMode.SYNC, INTERVAL, BIG, longest);
        f.reopen(GcFixture.options(), new ManualTimer());
        f.manager.replay();
        assertThat(f.manager.load(f.target, rows(0, 2), GroupCommitMode.SYNC, INTERVAL, BIG, longest)).isEqualTo(first);
        assertThat(f.keys()).containsExactly(0L, 1L);
    }

    @Test
    void theLogRefusesAStringItsLengthFieldCannotHoldAndKeepsWhatItHas() throws Exception {
        f = new GcFixture(dir).open(GcFixture.options(), new ManualTimer());
        WalDirectories dirs = new WalDirectories(f.files, List.of(f.walDir));
        RequestIdLog log = new RequestIdLog(f.files, dirs, () -> GcFixture.DB, GcFixture.TABLE);
        RequestIdLog.Entry ok = entry("short", 10);
        log.append(List.of(ok));
        assertThatThrownBy(() -> log.append(List.of(entry("x".repeat(RequestIdLog.MAX_STRING_BYTES + 1), 11))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("65535");
        // exactly 64 KiB: its u16 length would have been written as 0
        assertThatThrownBy(() -> log.append(List.of(entry("y".repeat(65_536), 12))))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(log.read()).containsExactly(ok);
    }

    private static RequestIdLog.Entry entry(String id, long txnId) {
        return new RequestIdLog.Entry(id, new LoadResult("group_commit_x", txnId, LoadResult.STATUS, 1, false, 5), 5,
                txnId);
    }
}
