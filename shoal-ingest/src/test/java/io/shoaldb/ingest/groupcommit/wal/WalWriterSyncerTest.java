package io.shoaldb.ingest.groupcommit.wal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.common.io.FilesFacade;
import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.type.DataType;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Group fsyncs on a syncer: they run on its threads, never on a waiting load's, every load that waits is
 * acknowledged only once an fsync that began after its append returned, a failed fsync fails the loads it did
 * not cover, and without a willing syncer the waiting load leads the fsync itself.
 */
class WalWriterSyncerTest {
    @TempDir
    Path dir;

    private final ExecutorService syncer = Executors.newCachedThreadPool(
            Thread.ofPlatform().name("wal-syncer-test-", 0).daemon().factory());
    private final ExecutorService loads = Executors.newVirtualThreadPerTaskExecutor();

    @AfterEach
    void stop() {
        syncer.shutdownNow();
        loads.shutdownNow();
    }

    private static java.nio.ByteBuffer record(long key) {
        BatchBuilder b = new BatchBuilder(List.of(DataType.BIGINT, DataType.STRING));
        b.appendRow(key, "v" + key);
        return WalFormat.encodeRecord(null, b.build());
    }

    @Test
    void fsyncsRunOnTheSyncerAndAcknowledgeOnlyWhatTheyCovered() throws Exception {
        RecordingFiles files = new RecordingFiles();
        WalWriter wal = WalWriter.create(files, dir.resolve("1_wal"), WalReaderTest.HEADER, WalHealth.NONE, syncer);
        Object appendLock = new Object();
        List<Future<Long>> acks = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            long key = i;
            acks.add(loads.submit(() -> {
                long end;
                synchronized (appendLock) { // appends are serialised by the caller, as the table queue does
                    end = wal.append(record(key));
                }
                wal.awaitDurable(end);
                // acknowledged only once an fsync that began with this record written has returned
                assertThat(files.syncedBytes.get()).isGreaterThanOrEqualTo(end);
                return end;
            }));
        }
        for (Future<Long> ack : acks) {
            assertThat(ack.get(30, TimeUnit.SECONDS)).isLessThanOrEqualTo(wal.acknowledgedBytes());
        }
        assertThat(wal.acknowledgedBytes()).isEqualTo(wal.size());
        assertThat(files.fsyncThreads).isNotEmpty().allMatch(name -> name.startsWith("wal-syncer-test-"));
        assertThat(wal.fsyncCount()).isBetween(1L, 64L);
        wal.closeForReplay();
    }

    @Test
    void aFailedFsyncOnTheSyncerFailsTheWaitingLoadAndDistressesTheWriter() throws Exception {
        RecordingFiles files = new RecordingFiles();
        WalWriter wal = WalWriter.create(files, dir.resolve("1_wal"), WalReaderTest.HEADER, WalHealth.NONE, syncer);
        files.failFsync.set(true);
        long end = wal.append(record(1));
        Future<?> load = loads.submit(() -> {
            wal.awaitDurable(end);
            return null;
        });
        assertThatThrownBy(() -> load.get(30, TimeUnit.SECONDS)).hasRootCauseInstanceOf(IOException.class)
                .hasMessageContaining("failed before this load's record was durable");
        assertThatThrownBy(() -> wal.append(record(2))).isInstanceOf(IOException.class);
        assertThat(wal.closeForReplay()).isEqualTo(WalWriter.Kept.NOTHING);
    }

    @Test
    void withoutAWillingSyncerTheWaitingLoadLeadsTheFsync() throws Exception {
        RecordingFiles files = new RecordingFiles();
        ExecutorService refusing = Executors.newSingleThreadExecutor();
        refusing.shutdown();
        WalWriter wal = WalWriter.create(files, dir.resolve("1_wal"), WalReaderTest.HEADER, WalHealth.NONE, refusing);
        long end = wal.append(record(1));
        wal.awaitDurable(end);
        assertThat(wal.acknowledgedBytes()).isEqualTo(end);
        assertThat(files.fsyncThreads).containsExactly(Thread.currentThread().getName());
        wal.closeForReplay();
    }

    /**
     * Local files that record which threads fsync and how many bytes of the file the fsyncs so far made durable
     * (its size when one began: every write before it is covered), and can fail fsyncs.
     */
    private static final class RecordingFiles implements FilesFacade {
        final FilesFacade local = new LocalFiles();
        final Set<String> fsyncThreads = ConcurrentHashMap.newKeySet();
        final AtomicLong syncedBytes = new AtomicLong();
        final AtomicBoolean failFsync = new AtomicBoolean();

        @Override
        public FileChannel open(Path file, OpenOption... options) throws IOException {
            return local.open(file, options);
        }

        @Override
        public void fsync(FileChannel channel) throws IOException {
            fsyncThreads.add(Thread.currentThread().getName());
            if (failFsync.get()) {
                throw new IOException("injected fsync failure");
            }
            long size = channel.size();
            local.fsync(channel);
            syncedBytes.accumulateAndGet(size, Math::max);
        }

        @Override
        public void fsyncDirectory(Path d) throws IOException {
            local.fsyncDirectory(d);
        }

        @Override
        public void moveAtomically(Path source, Path target) throws IOException {
            local.moveAtomically(source, target);
        }

        @Override
        public void createDirectories(Path d) throws IOException {
            local.createDirectories(d);
        }

        @Override
        public boolean exists(Path path) {
            return local.exists(path);
        }

        @Override
        public boolean deleteIfExists(Path file) throws IOException {
            return local.deleteIfExists(file);
        }

        @Override
        public List<Path> list(Path d) throws IOException {
            return local.list(d);
        }

        @Override
        public byte[] readAllBytes(Path file) throws IOException {
            return local.readAllBytes(file);
        }

        @Override
        public long usableSpace(Path path) throws IOException {
            return local.usableSpace(path);
        }
    }
}
