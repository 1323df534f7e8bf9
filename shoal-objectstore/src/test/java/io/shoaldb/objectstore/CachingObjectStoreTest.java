package io.shoaldb.objectstore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.objectstore.testing.FaultyProxy;
import io.shoaldb.objectstore.testing.FaultyProxy.Fault;
import io.shoaldb.objectstore.testing.S3TestServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reads through the block cache against a real S3-compatible server; the store made unreachable by a proxy. */
class CachingObjectStoreTest {
    private static final int BLOCK = 1000;

    @TempDir
    static Path tmp;
    private static S3TestServer server;

    @TempDir
    Path cacheRoot;

    @BeforeAll
    static void startServer() throws Exception {
        server = S3TestServer.start(Files.createDirectories(tmp.resolve("blobs")), "shoal");
    }

    @AfterAll
    static void stopServer() throws Exception {
        server.close();
    }

    private List<Path> dirs() {
        return List.of(cacheRoot.resolve("path-1"), cacheRoot.resolve("path-2"));
    }

    private static byte[] object(int size, long seed) {
        byte[] bytes = new byte[size];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }

    private static S3Settings viaProxy(FaultyProxy proxy, String root) {
        S3Settings direct = server.settings(root);
        return new S3Settings(proxy.endpoint(), direct.region(), direct.bucket(), direct.rootPath(),
                direct.accessKey(), direct.secretKey(), true, 2, Duration.ofSeconds(5), direct.partSize());
    }

    @Test
    void cachedBlocksServeReadsAcrossRestartsWhenTheStoreIsDown() throws Exception {
        byte[] bytes = object(10 * BLOCK + 123, 1);
        try (S3ObjectStore direct = new S3ObjectStore(server.settings("restart"))) {
            direct.create("seg", bytes);
        }
        try (FaultyProxy proxy = new FaultyProxy(server.port())) {
            try (CachingObjectStore store = new CachingObjectStore(new S3ObjectStore(viaProxy(proxy, "restart")),
                    BlockCache.open(dirs(), 1 << 20, BLOCK))) {
                assertThat(store.read("seg", 950, 2100)).isEqualTo(Arrays.copyOfRange(bytes, 950, 3050));
                assertThat(store.stats().misses()).isEqualTo(4);
                assertThat(store.read("seg", 1000, 1000)).isEqualTo(Arrays.copyOfRange(bytes, 1000, 2000));
                assertThat(store.stats().hits()).isEqualTo(1);
                assertThat(store.stats().blocks()).isEqualTo(4);
            }
            proxy.injectAlways(Fault.RESET);
            try (CachingObjectStore store = new CachingObjectStore(new S3ObjectStore(viaProxy(proxy, "restart")),
                    BlockCache.open(dirs(), 1 << 20, BLOCK))) {
                // the size is cached with the blocks: the store being down does not matter to cached reads
                assertThat(store.size("seg")).isEqualTo(bytes.length);
                assertThat(store.read("seg", 900, 2000)).isEqualTo(Arrays.copyOfRange(bytes, 900, 2900));
                assertThat(store.stats().hits()).isEqualTo(3);
                assertThat(store.stats().misses()).isZero();
                assertThatThrownBy(() -> store.read("seg", 9 * BLOCK, 10)).isInstanceOf(ObjectStoreException.class)
                        .hasMessageContaining("seg");
            }
        }
    }

    @Test
    void aMissFetchesTheFollowingBlocksInOneReadUpToTheFirstCachedOne() throws Exception {
        byte[] bytes = object(10 * BLOCK, 7);
        List<String> gets = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (S3ObjectStore direct = new S3ObjectStore(server.settings("ahead"));
             CachingObjectStore store = new CachingObjectStore(new CountingReads(direct, gets),
                     BlockCache.open(dirs(), 1 << 20, BLOCK), 3)) {
            direct.create("seg", bytes);
            assertThat(store.read("seg", 10, 20)).isEqualTo(Arrays.copyOfRange(bytes, 10, 30));
            assertThat(gets).containsExactly("0+4000");
            assertThat(store.read("seg", BLOCK, 3 * BLOCK)).isEqualTo(Arrays.copyOfRange(bytes, BLOCK, 4 * BLOCK));
            assertThat(gets).hasSize(1);
            assertThat(store.read("seg", 5 * BLOCK, 1)).containsExactly(bytes[5 * BLOCK]);
            assertThat(gets).containsExactly("0+4000", "5000+4000");
            // block 4 alone: block 5 is cached, so the read-ahead stops there
            assertThat(store.read("seg", 4 * BLOCK, 2 * BLOCK)).isEqualTo(Arrays.copyOfRange(bytes, 4 * BLOCK, 6 * BLOCK));
            assertThat(gets).containsExactly("0+4000", "5000+4000", "4000+1000");
            // the read-ahead ends with the object
            assertThat(store.read("seg", 9 * BLOCK, BLOCK)).isEqualTo(Arrays.copyOfRange(bytes, 9 * BLOCK, 10 * BLOCK));
            assertThat(gets).containsExactly("0+4000", "5000+4000", "4000+1000", "9000+1000");
            assertThat(store.read("seg", 0, bytes.length)).isEqualTo(bytes);
            assertThat(gets).hasSize(4);
            assertThat(store.stats().blocks()).isEqualTo(10);
        }
    }

    /** The real store, with each ranged read noted as {@code offset+length}. */
    private record CountingReads(ObjectStore store, List<String> reads) implements ObjectStore {
        @Override
        public void create(String key, Path file) {
            store.create(key, file);
        }

        @Override
        public void create(String key, byte[] bytes) {
            store.create(key, bytes);
        }

        @Override
        public byte[] read(String key, long offset, int length) {
            reads.add(offset + "+" + length);
            return store.read(key, offset, length);
        }

        @Override
        public long size(String key) {
            return store.size(key);
        }

        @Override
        public void delete(String key) {
            store.delete(key);
        }

        @Override
        public List<String> list(String prefix) {
            return store.list(prefix);
        }

        @Override
        public List<UnfinishedUpload> unfinishedUploads(String prefix) {
            return store.unfinishedUploads(prefix);
        }

        @Override
        public void abort(UnfinishedUpload upload) {
            store.abort(upload);
        }

        @Override
        public void close() {
        }
    }

    @Test
    void uploadsAreCachedAsTheyGoAndDeletesForgetThem() throws Exception {
        byte[] bytes = object(3 * BLOCK + 1, 2);
        Path file = Files.write(tmp.resolve("upload.seg"), bytes);
        try (CachingObjectStore store = new CachingObjectStore(new S3ObjectStore(server.settings("upload")),
                BlockCache.open(dirs(), 1 << 20, BLOCK))) {
            store.create("from-file", file);
            store.create("from-bytes", object(BLOCK, 3));
            assertThat(store.stats().blocks()).isEqualTo(5);
            assertThat(store.read("from-file", 0, bytes.length)).isEqualTo(bytes);
            assertThat(store.stats().misses()).isZero();
            store.delete("from-file");
            assertThat(store.stats().blocks()).isEqualTo(1);
            assertThatThrownBy(() -> store.read("from-file", 0, 1)).isInstanceOf(ObjectStoreException.NotFound.class);
            assertThat(blockFiles()).hasSize(1);
        }
    }

    @Test
    void eachDirectoryKeepsToItsCapacityLeastRecentlyUsedFirst() throws Exception {
        long capacity = 3 * (BLOCK + Integer.BYTES);
        byte[] bytes = object(20 * BLOCK, 4);
        try (CachingObjectStore store = new CachingObjectStore(new S3ObjectStore(server.settings("capacity")),
                BlockCache.open(dirs(), capacity, BLOCK))) {
            store.create("big", bytes);
            BlockCache.Stats stats = store.stats();
            assertThat(stats.bytes()).isLessThanOrEqualTo(2 * capacity);
            assertThat(stats.evictions()).isEqualTo(20 - stats.blocks());
            assertThat(stats.blocks()).isBetween(2L, 6L);
            assertThat(store.read("big", 0, bytes.length)).isEqualTo(bytes);
            assertThat(blockFiles()).hasSize((int) store.stats().blocks());
        }
        BlockCache smaller = BlockCache.open(dirs(), BLOCK + Integer.BYTES, BLOCK);
        assertThat(smaller.stats().blocks()).isLessThanOrEqualTo(2);
        assertThat(blockFiles()).hasSize((int) smaller.stats().blocks());
    }

    @Test
    void aDamagedOrTornBlockIsReadAgainFromTheStore() throws Exception {
        byte[] bytes = object(2 * BLOCK, 5);
        try (CachingObjectStore store = new CachingObjectStore(new S3ObjectStore(server.settings("damaged")),
                BlockCache.open(dirs(), 1 << 20, BLOCK))) {
            store.create("seg", bytes);
            List<Path> files = blockFiles();
            byte[] first = Files.readAllBytes(files.get(0));
            first[7] ^= 0x40;
            Files.write(files.get(0), first);
            Files.write(files.get(1), Arrays.copyOf(Files.readAllBytes(files.get(1)), 100));
            assertThat(store.read("seg", 0, bytes.length)).isEqualTo(bytes);
            assertThat(store.stats().misses()).isEqualTo(2);
            assertThat(store.read("seg", 0, bytes.length)).isEqualTo(bytes);
            assertThat(store.stats().hits()).isEqualTo(2);
            // checked once, a block is read by ranges; one found shorter than the range is dropped and fetched again
            assertThat(store.read("seg", 10, 20)).isEqualTo(Arrays.copyOfRange(bytes, 10, 30));
            assertThat(store.stats().hits()).isEqualTo(3);
            for (Path file : blockFiles()) {
                Files.write(file, Arrays.copyOf(Files.readAllBytes(file), 100));
            }
            assertThat(store.read("seg", 500, 2 * BLOCK - 500)).isEqualTo(Arrays.copyOfRange(bytes, 500, 2 * BLOCK));
            assertThat(store.stats().misses()).isEqualTo(4);
            assertThat(store.read("seg", 0, bytes.length)).isEqualTo(bytes);
            assertThat(store.stats().misses()).isEqualTo(4);
        }
    }

    @Test
    void aCacheWithoutItsFilesRefetchesEverything() throws Exception {
        byte[] bytes = object(4 * BLOCK, 6);
        try (CachingObjectStore store = new CachingObjectStore(new S3ObjectStore(server.settings("wiped")),
                BlockCache.open(dirs(), 1 << 20, BLOCK))) {
            store.create("seg", bytes);
            for (Path file : blockFiles()) {
                Files.delete(file);
            }
            assertThat(store.read("seg", 0, bytes.length)).isEqualTo(bytes);
            assertThat(store.stats().misses()).isEqualTo(4);
        }
    }

    private List<Path> blockFiles() throws IOException {
        try (Stream<Path> files = Files.walk(cacheRoot)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".blk")).sorted().toList();
        }
    }
}
