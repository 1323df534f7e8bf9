package io.shoaldb.txn;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.common.error.ShoalException;
import io.shoaldb.common.io.FilesFacade;
import io.shoaldb.common.io.ForwardingFiles;
import io.shoaldb.common.io.PowerLossFiles;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Transaction ids survive power loss: the next id block is logged ahead on a thread of its own while begins take
 * ids of the current one, and the machine loses power at a random write or fsync, keeping what was fsynced and a
 * random prefix of the rest ({@link PowerLossFiles}). The disk takes a few milliseconds per fsync, long enough for
 * the begins to use up a block while the next one is logged. After every restart each new id is above every id
 * handed out before, so no id is ever handed out twice, and within a run no two begins got the same id.
 */
class TxnIdPowerLossTest {
    private static final int ROUNDS = 12;
    private static final int THREADS = 2;

    @TempDir
    Path dir;

    /**
     * A slow disk: each fsync (and fdatasync, which comes here by default) takes {@link #FSYNC_MILLIS}, a device's
     * latency; nothing in the test waits on it but the fsync itself.
     */
    static final class SlowDisk extends ForwardingFiles {
        static final long FSYNC_MILLIS = 5;

        SlowDisk(FilesFacade machine) {
            super(machine);
        }

        @Override
        public void fsync(FileChannel channel) throws IOException {
            pause();
            super.fsync(channel);
        }

        private static void pause() throws IOException {
            try {
                Thread.sleep(FSYNC_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException("interrupted in a slow fsync");
            }
        }
    }

    @Test
    void noIdIsHandedOutTwiceAcrossPowerLosses() throws Exception {
        Random random = new Random(Long.getLong("powerloss.seed", 20261204L));
        Path txnDir = dir.resolve("node").resolve("txn");
        PowerLossFiles files = new PowerLossFiles(dir.resolve("node"));
        long highestHandedOut = 0;
        int extensionsLost = 0;
        for (int round = 0; round < ROUNDS; round++) {
            TransactionManager m = TransactionManager.open(new SlowDisk(files), txnDir, new RecordingPublisher(),
                    TxnOptions.defaults());
            Transaction first = m.begin(Fixture.DB, null, Set.of(1L), Duration.ofMinutes(1));
            assertThat(first.txnId()).as("round %d: the first id after the restart", round)
                    .isGreaterThan(highestHandedOut);
            files.crashAfter(1 + random.nextInt(4));
            int begins = 300 + random.nextInt(2_500);
            Set<Long> ids = ConcurrentHashMap.newKeySet();
            Set<Long> duplicates = ConcurrentHashMap.newKeySet();
            ids.add(first.txnId());
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                threads.add(Thread.ofPlatform().start(() -> {
                    for (int i = 0; i < begins / THREADS; i++) {
                        long id;
                        try {
                            id = m.begin(Fixture.DB, null, Set.of(1L), Duration.ofMinutes(1)).txnId();
                        } catch (ShoalException down) {
                            return; // the power is gone: the log is poisoned
                        }
                        if (!ids.add(id)) {
                            duplicates.add(id);
                        }
                    }
                }));
            }
            for (Thread t : threads) {
                t.join();
            }
            assertThat(duplicates).as("round %d: ids handed out twice", round).isEmpty();
            if (m.poisoned()) {
                extensionsLost++;
            }
            highestHandedOut = Math.max(highestHandedOut, ids.stream().mapToLong(Long::longValue).max().orElseThrow());
            files.powerLoss(random);
            try {
                m.close();
            } catch (Exception ignored) {
                // the machine is gone: closing only waits for the abandoned manager's id block
            }
            files = files.restarted();
        }
        assertThat(extensionsLost).as("power was lost while id blocks were logged").isPositive();
    }
}
