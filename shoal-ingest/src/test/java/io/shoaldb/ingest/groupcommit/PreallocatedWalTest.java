package io.shoaldb.ingest.groupcommit;

import static io.shoaldb.ingest.groupcommit.GcFixture.TABLE;
import static io.shoaldb.ingest.groupcommit.GcFixture.rows;
import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.common.io.ZeroFilledFiles;
import io.shoaldb.ingest.groupcommit.wal.WalContents;
import io.shoaldb.ingest.groupcommit.wal.WalReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Async loads write their WAL records over a preallocated, zero-filled file (its size never changes, so the
 * group fsync is an fdatasync with no metadata to commit); a visible batch's WAL is zeroed and recycled as
 * the next batch's; a restart replays a preallocated WAL up to its zero-filled rest, and deletes one whose
 * header never became durable.
 */
class PreallocatedWalTest {
    static final long FILE_BYTES = 64 << 10;
    static final long LONG_INTERVAL = 10_000;
    static final long BIG = 64L << 20;

    @TempDir
    Path dir;
    GcFixture f;

    @AfterEach
    void close() {
        if (f != null) {
            f.close();
        }
    }

    private GroupCommitOptions options() {
        return GcFixture.options().withWalFileBytes(FILE_BYTES);
    }

    @Test
    void recordsAreWrittenInPlaceAndTheVisibleBatchsWalIsRecycledForTheNext() throws Exception {
        f = new GcFixture(dir).open(options(), new ManualTimer());
        LoadResult first = f.manager.load(f.target, rows(0, 3), GroupCommitMode.ASYNC, LONG_INTERVAL, BIG, null);
        f.manager.load(f.target, rows(3, 2), GroupCommitMode.ASYNC, LONG_INTERVAL, BIG, null);
        Path wal = f.walFiles().getFirst();
        assertThat(Files.size(wal)).isEqualTo(FILE_BYTES); // acknowledged, and the file never grew
        WalContents contents = WalReader.read(Files.readAllBytes(wal), wal.toString());
        assertThat(contents.records()).hasSize(2);
        assertThat(contents.damage()).isEmpty();

        f.manager.awaitVisible(TABLE, first.txnId());
        assertThat(f.keys()).isEqualTo(range(0, 5));
        assertThat(f.walFiles()).isEmpty();
        List<Path> spares = spares();
        assertThat(spares).anySatisfy(p -> assertThat(p.getFileName().toString()).isEqualTo("wal-spare-0.tmp"));
        Path recycled = f.walDir.resolve("wal-spare-0.tmp");
        byte[] bytes = Files.readAllBytes(recycled);
        assertThat(bytes).hasSize((int) FILE_BYTES);
        assertThat(ZeroFilledFiles.allZero(bytes, 0)).as("the recycled WAL is zeroed again").isTrue();

        LoadResult second = f.manager.load(f.target, rows(5, 1), GroupCommitMode.ASYNC, LONG_INTERVAL, BIG, null);
        assertThat(Files.exists(recycled)).as("the next batch's WAL is the recycled file").isFalse();
        f.manager.awaitVisible(TABLE, second.txnId());
        assertThat(f.keys()).isEqualTo(range(0, 6));
    }

    @Test
    void aPreallocatedWalIsReplayedUpToItsZeroFilledRestAfterACrash() throws Exception {
        f = new GcFixture(dir).open(options(), new ManualTimer());
        f.manager.load(f.target, rows(0, 2), GroupCommitMode.ASYNC, LONG_INTERVAL, BIG, null);
        f.manager.load(f.target, rows(2, 2), GroupCommitMode.ASYNC, LONG_INTERVAL, BIG, null);
        f.reopen(options(), new ManualTimer()); // the old objects are abandoned, as by a crash
        f.manager.replay();
        assertThat(f.keys()).isEqualTo(range(0, 4));
        assertThat(f.walFiles()).isEmpty();
    }

    @Test
    void aWalWhoseHeaderNeverBecameDurableIsDeletedAtReplay() throws Exception {
        f = new GcFixture(dir).open(options(), new ManualTimer());
        f.manager.load(f.target, rows(0, 2), GroupCommitMode.ASYNC, LONG_INTERVAL, BIG, null);
        Path wal = f.walFiles().getFirst();
        f.reopen(options(), new ManualTimer());
        // What a crash can leave of a spare renamed into place before its first fdatasync: zeros only.
        Files.write(wal, new byte[(int) FILE_BYTES]);
        f.manager.replay();
        assertThat(f.keys()).isEmpty();
        assertThat(f.walFiles()).isEmpty();
        assertThat(f.manager.status().getFirst().lastReplayFailure()).isEmpty();
    }

    private List<Path> spares() throws Exception {
        try (Stream<Path> s = Files.list(f.walDir)) {
            return s.filter(p -> p.getFileName().toString().startsWith("wal-spare-")).toList();
        }
    }

    private static List<Long> range(long from, long to) {
        return LongStream.range(from, to).boxed().toList();
    }
}
