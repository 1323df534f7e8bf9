package io.shoaldb.txn;

import static io.shoaldb.txn.Fixture.load;
import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.common.io.ForwardingFiles;
import io.shoaldb.common.io.LocalFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Automatic checkpoints are written off the commit path, and what they leave behind reopens exactly. */
class BackgroundCheckpointTest {
    @TempDir
    Path dir;

    /** Holds the rename that makes a new {@code txn.image} durable until the test lets it go. */
    private static final class HeldImage extends ForwardingFiles {
        final CountDownLatch reached = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);

        HeldImage() {
            super(new LocalFiles());
        }

        @Override
        public void moveAtomically(Path source, Path target) throws IOException {
            if (target.getFileName().toString().equals("txn.image")) {
                reached.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException(e);
                }
            }
            super.moveAtomically(source, target);
        }
    }

    @Test
    void commitsGoOnWhileTheImageIsWritten() throws Exception {
        HeldImage files = new HeldImage();
        Fixture f = new Fixture(dir, files);
        f.options = f.options.withCheckpointEvery(3);
        Map<Long, RecoveredTable> live;
        try (TransactionManager m = f.open()) {
            for (int i = 0; i < 3; i++) {
                load(m, 1, 11);
            }
            files.reached.await(); // the checkpointer is writing the image of the first three commits
            for (int i = 0; i < 20; i++) {
                load(m, 1 + i % 2, 11 + i % 2); // none of these waits for it
            }
            assertThat(m.visibleVersion(1) + m.visibleVersion(2)).isEqualTo(23);
            files.release.countDown();
            live = RecoveryTest.snapshot(f.publisher);
        }
        try (TransactionManager m = f.open()) {
            assertThat(m.recoveredTables()).isEqualTo(live);
            assertThat(m.visibleVersion(1)).isEqualTo(13);
            assertThat(m.visibleVersion(2)).isEqualTo(10);
        }
    }

    @Test
    void segmentsTheImageCoversWholeAreDeletedAndTheRestReopens() throws Exception {
        Fixture f = new Fixture(dir);
        // segments of a few records each, so the log rolls many times between checkpoints
        f.options = f.options.withCheckpointEvery(7).withCommitLogSegmentBytes(1024);
        Map<Long, RecoveredTable> live;
        try (TransactionManager m = f.open()) {
            for (int i = 0; i < 60; i++) {
                load(m, 1 + i % 3, 11);
            }
            live = RecoveryTest.snapshot(f.publisher);
        }
        try (Stream<Path> s = Files.list(dir)) {
            // the active segment, and at most the ones written since the last image
            assertThat(s.filter(p -> p.getFileName().toString().startsWith("txnlog-")).count()).isLessThan(10);
        }
        try (TransactionManager m = f.open()) {
            assertThat(m.recoveredTables()).isEqualTo(live);
            assertThat(m.visibleVersion(1)).isEqualTo(20);
            assertThat(load(m, 1, 11).versionByTable()).containsEntry(1L, 21L);
        }
        try (TransactionManager m = f.open()) {
            assertThat(m.visibleVersion(1)).isEqualTo(21);
        }
    }
}
