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
 * random prefix of the rest ({@link PowerLossFiles}). While the begins run, an fsync of the log lasts until the
 * begins have used up the block they are in, so every block logged ahead is still being logged when its
 * predecessor runs out. After every restart each new id is above every id handed out before, so no id is ever
 * handed out twice, and within a run no two begins got the same id.
 */
class TxnIdPowerLossTest {
    private static final int ROUNDS = 12;
    private static final int THREADS = 2;

    @TempDir
    Path dir;

    /**
     * The begins of a round as the disk sees them: the highest id handed out, and whether they are still running.
     * Ids come in blocks of {@link TransactionManager#ID_BLOCK} from the round's first id (a manager just opened
     * logs its first block at its first begin), so the block an id is in, and where that block ends, follow from it.
     */
    static final class Begins {
        private long firstId;
        private long highest;
        private boolean running;

        synchronized void start(long first) {
            firstId = first;
            highest = first;
            running = true;
        }

        synchronized void handedOut(long id) {
            highest = Math.max(highest, id);
            notifyAll();
        }

        synchronized void stop() {
            running = false;
            notifyAll();
        }

        /** Waits while the begins run and have not yet used up the block they were in when this was called. */
        synchronized void awaitBlockUsedUp() throws InterruptedException {
            long block = TransactionManager.ID_BLOCK;
            long blockEnd = firstId + ((highest - firstId) / block + 1) * block;
            while (running && highest < blockEnd - 1) {
                wait();
            }
        }
    }

    /**
     * A disk whose fsyncs, apart from the begin threads' own, last until the begins have used up their block: the
     * block logged ahead is then in flight exactly when a begin needs it. Begins that wait for it, as they must,
     * have used up the block, so the fsync goes on; begins that ran past it would take ids the log does not hold.
     */
    static final class SlowDisk extends ForwardingFiles {
        private final Begins begins;
        private final Set<Thread> beginThreads;

        SlowDisk(FilesFacade machine, Begins begins, Set<Thread> beginThreads) {
            super(machine);
            this.begins = begins;
            this.beginThreads = beginThreads;
        }

        @Override
        public void fsync(FileChannel channel) throws IOException {
            if (!beginThreads.contains(Thread.currentThread())) {
                try {
                    begins.awaitBlockUsedUp();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new java.io.InterruptedIOException("interrupted in a slow fsync");
                }
            }
            super.fsync(channel);
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
            Begins progress = new Begins();
            Set<Thread> beginThreads = ConcurrentHashMap.newKeySet();
            TransactionManager m = TransactionManager.open(new SlowDisk(files, progress, beginThreads), txnDir,
                    new RecordingPublisher(), TxnOptions.defaults());
            Transaction first = m.begin(Fixture.DB, null, Set.of(1L), Duration.ofMinutes(1));
            assertThat(first.txnId()).as("round %d: the first id after the restart", round)
                    .isGreaterThan(highestHandedOut);
            files.crashAfter(1 + random.nextInt(4));
            int begins = 300 + random.nextInt(2_500);
            Set<Long> ids = ConcurrentHashMap.newKeySet();
            Set<Long> duplicates = ConcurrentHashMap.newKeySet();
            ids.add(first.txnId());
            progress.start(first.txnId());
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                threads.add(Thread.ofPlatform().unstarted(() -> {
                    for (int i = 0; i < begins / THREADS; i++) {
                        long id;
                        try {
                            id = m.begin(Fixture.DB, null, Set.of(1L), Duration.ofMinutes(1)).txnId();
                        } catch (ShoalException down) {
                            return; // the power is gone: the log is poisoned
                        }
                        progress.handedOut(id);
                        if (!ids.add(id)) {
                            duplicates.add(id);
                        }
                    }
                }));
            }
            beginThreads.addAll(threads);
            threads.forEach(Thread::start);
            for (Thread t : threads) {
                t.join();
            }
            progress.stop();
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
