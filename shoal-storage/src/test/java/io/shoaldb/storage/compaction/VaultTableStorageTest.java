package io.shoaldb.storage.compaction;

import static io.shoaldb.storage.TestTables.TABLE;
import static io.shoaldb.storage.TestTables.row;
import static io.shoaldb.storage.TestTables.scan;
import static io.shoaldb.storage.TestTables.sorted;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.common.error.ShoalException;
import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.objectstore.BlockCache;
import io.shoaldb.objectstore.CachingObjectStore;
import io.shoaldb.objectstore.ObjectStore;
import io.shoaldb.objectstore.S3ObjectStore;
import io.shoaldb.objectstore.S3Settings;
import io.shoaldb.objectstore.testing.FaultyProxy;
import io.shoaldb.objectstore.testing.S3TestServer;
import io.shoaldb.storage.StorageEngine;
import io.shoaldb.storage.StorageOptions;
import io.shoaldb.storage.TableSnapshot;
import io.shoaldb.storage.TestTables;
import io.shoaldb.storage.VaultIntents;
import io.shoaldb.storage.partition.DataPartitions;
import io.shoaldb.storage.rowset.RowsetMeta;
import io.shoaldb.storage.rowset.RowsetWriter;
import io.shoaldb.storage.tablet.KeysModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A table whose segments are objects of a storage vault (a real S3-compatible server): loads upload before they
 * return their rowset, scans and compaction read the objects, removed rowsets' objects are deleted, and a failed
 * upload fails the rowset leaving nothing behind.
 */
class VaultTableStorageTest {
    @TempDir
    static Path tmp;
    private static S3TestServer server;

    @TempDir
    Path dir;

    @BeforeAll
    static void startServer() throws Exception {
        server = S3TestServer.start(Files.createDirectories(tmp.resolve("blobs")), "shoal");
    }

    @AfterAll
    static void stopServer() throws Exception {
        server.close();
    }

    private StorageEngine engine(ObjectStore vault, StorageOptions options) {
        LocalFiles files = new LocalFiles();
        DataPartitions partitions = TestTables.partitions(files, dir);
        StorageEngine e = new StorageEngine(files, partitions, options);
        e.registerTable(TABLE, TestTables.schema(KeysModel.UNIQUE), TestTables.tablets(2, partitions.count()), vault);
        return e;
    }

    private CachingObjectStore vault(S3Settings settings) {
        return new CachingObjectStore(new S3ObjectStore(settings),
                BlockCache.open(List.of(dir.resolve("cache")), 1 << 20, 4096));
    }

    @Test
    void loadsAndCompactionsLiveInTheBucketAndRemovedRowsetsLeaveIt() throws Exception {
        S3Settings settings = server.settings("loads");
        try (ObjectStore raw = new S3ObjectStore(settings); CachingObjectStore vault = vault(settings)) {
            StorageEngine e = engine(vault, StorageOptions.DEFAULT.withCompaction(4, 32, 0));
            CompactionTest.LogCommitter log = new CompactionTest.LogCommitter(e);
            for (long v = 2; v < 12; v++) {
                log.load(100, TestTables.write(e, 100, v, row(v % 4, v, "s" + v)), v);
            }
            RowsetMeta inline = TestTables.write(e, 100, 12, true, row(9L, 12L, "inline"));
            log.load(100, inline, 12);
            assertThat(inline.inline()).isTrue();
            try (TableSnapshot s = e.snapshot(TABLE)) {
                RowsetMeta first = s.rowsets(100).getFirst();
                assertThat(first.inVault()).isTrue();
                assertThat(first.segmentFiles().getFirst()).isEqualTo("data/" + TABLE + "/100/" + first.rowsetId() + "_0.seg");
            }
            assertThat(raw.list("data/" + TABLE + "/100/")).hasSize(10);
            assertThat(localSegmentFiles()).isEmpty();
            List<List<Object>> before = sorted(scan(e, 100));
            assertThat(before).hasSize(5).contains(List.of(1L, 9L, "s9"), List.of(9L, 12L, "inline"));

            try (CompactionScheduler scheduler = new CompactionScheduler(e, log, StorageOptions.DEFAULT.withCompaction(4, 32, 0))) {
                assertThat(scheduler.compactNow(TABLE)).isPositive();
            }
            assertThat(sorted(scan(e, 100))).isEqualTo(before);
            List<String> keys;
            try (TableSnapshot s = e.snapshot(TABLE)) {
                assertThat(s.rowsets(100)).allSatisfy(m -> assertThat(m.inVault()).isTrue());
                keys = s.rowsets(100).stream().flatMap(m -> m.segmentFiles().stream()).sorted().toList();
            }
            awaitKeys(raw, "data/" + TABLE + "/100/", keys);
            assertThat(localSegmentFiles()).isEmpty();

            e.dropTable(TABLE);
            awaitKeys(raw, "data/" + TABLE + "/", List.of());
        }
    }

    @Test
    void anAbortedRowsetDeletesItsObjects() {
        S3Settings settings = server.settings("aborted");
        try (ObjectStore raw = new S3ObjectStore(settings); CachingObjectStore vault = vault(settings)) {
            StorageEngine e = engine(vault, StorageOptions.DEFAULT);
            RowsetWriter w = e.newRowsetWriter(TABLE, 101);
            try (TableSnapshot s = e.snapshot(TABLE)) {
                w.append(TestTables.batch(s.schema(), row(1L, 1L, "a")));
            }
            RowsetMeta meta = w.finish(7);
            assertThat(raw.list("data/")).containsExactlyElementsOf(meta.segmentFiles());
            w.abort();
            assertThat(raw.list("data/")).isEmpty();
        }
    }

    @Test
    void aFailedUploadFailsTheRowsetAndLeavesNothingBehind() throws Exception {
        S3Settings direct = server.settings("failed");
        try (FaultyProxy proxy = new FaultyProxy(server.port());
             ObjectStore raw = new S3ObjectStore(direct);
             CachingObjectStore vault = vault(new S3Settings(proxy.endpoint(), direct.region(), direct.bucket(),
                     direct.rootPath(), direct.accessKey(), direct.secretKey(), true, 2, Duration.ofSeconds(5),
                     direct.partSize()))) {
            StorageEngine e = engine(vault, StorageOptions.DEFAULT);
            proxy.injectAlways(FaultyProxy.Fault.SERVICE_UNAVAILABLE);
            RowsetWriter w = e.newRowsetWriter(TABLE, 100);
            try (TableSnapshot s = e.snapshot(TABLE)) {
                w.append(TestTables.batch(s.schema(), row(1L, 1L, "a")));
            }
            assertThatThrownBy(() -> w.finish(3)).isInstanceOf(ShoalException.class)
                    .hasMessageContaining("upload of segment data/" + TABLE + "/100/");
            assertThat(localSegmentFiles()).isEmpty();
            assertThat(raw.list("data/")).isEmpty();
            proxy.injectAlways(FaultyProxy.Fault.NONE);
            RowsetMeta after = TestTables.load(e, 100, 3, row(2L, 2L, "b"));
            assertThat(raw.list("data/")).containsExactlyElementsOf(after.segmentFiles());
            assertThat(scan(e, 100)).containsExactly(List.of(2L, 2L, "b"));
        }
    }

    @Test
    void aRestartTurnsOnlyTheUncommittedUploadsOfTheLastRunIntoOrphans() throws Exception {
        S3Settings settings = server.settings("crashed");
        try (ObjectStore raw = new S3ObjectStore(settings); CachingObjectStore vault = vault(settings)) {
            StorageEngine before = engine(vault, StorageOptions.DEFAULT);
            RowsetMeta published = TestTables.load(before, 100, 2, row(1L, 1L, "kept"));
            assertThat(before.vaultIntents().pending()).isZero();
            // the crash: one rowset whose commit record became durable just before it (never published here), one
            // uploaded whose commit record never did; both intents are still open
            RowsetMeta committed = TestTables.write(before, 101, 3, row(2L, 2L, "committed"));
            RowsetMeta uncommitted = TestTables.write(before, 100, 4, row(3L, 3L, "lost"));
            assertThat(before.vaultIntents().pending()).isEqualTo(2);
            assertThat(raw.list("data/")).hasSize(3);

            StorageEngine after = engine(vault, StorageOptions.DEFAULT);
            assertThat(after.vaultIntents().fromPreviousRun()).extracting(VaultIntents.Intent::rowsetId)
                    .containsExactlyInAnyOrder(committed.rowsetId(), uncommitted.rowsetId());
            after.restore(TABLE, 3, java.util.Map.of(100L, List.of(published), 101L, List.of(committed.atVersion(3))));
            after.finishRecovery();
            assertThat(after.vaultIntents().orphans()).singleElement().satisfies(o -> {
                assertThat(o.rowsetId()).isEqualTo(uncommitted.rowsetId());
                assertThat(o.tabletId()).isEqualTo(100L);
            });
            assertThat(after.vaultIntents().pending()).isEqualTo(1);
            assertThat(after.holdsRowset(TABLE, committed.rowsetId())).isTrue();
            assertThat(after.holdsRowset(TABLE, uncommitted.rowsetId())).isFalse();
            assertThat(scan(after, 101)).containsExactly(List.of(2L, 2L, "committed"));

            StorageEngine third = engine(vault, StorageOptions.DEFAULT);
            assertThat(third.vaultIntents().orphans()).extracting(VaultIntents.Intent::rowsetId)
                    .containsExactly(uncommitted.rowsetId());
        }
    }

    @Test
    void compactedAwayAndAbortedRowsetsAreOrphansUntilTheirObjectsAreDeleted() {
        S3Settings settings = server.settings("orphans");
        try (ObjectStore raw = new S3ObjectStore(settings); CachingObjectStore vault = vault(settings)) {
            StorageEngine e = engine(vault, StorageOptions.DEFAULT);
            RowsetWriter w = e.newRowsetWriter(TABLE, 101);
            try (TableSnapshot s = e.snapshot(TABLE)) {
                w.append(TestTables.batch(s.schema(), row(1L, 1L, "a")));
            }
            w.finish(7);
            w.abort();
            // an aborted upload may still land (a retry whose answer was lost): the recycler checks its prefix
            assertThat(e.vaultIntents().orphans()).extracting(VaultIntents.Intent::rowsetId)
                    .containsExactly(w.rowsetId());
        }
    }

    /** Objects of removed rowsets go in the background: waits (bounded) until the prefix holds exactly {@code keys}. */
    private static void awaitKeys(ObjectStore raw, String prefix, List<String> keys) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!raw.list(prefix).equals(keys) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(raw.list(prefix)).isEqualTo(keys);
    }

    private List<Path> localSegmentFiles() throws IOException {
        try (Stream<Path> files = Files.walk(dir.resolve("data"))) {
            return files.filter(p -> p.getFileName().toString().endsWith(".seg")).toList();
        }
    }
}
