package io.shoaldb.objectstore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.objectstore.testing.FaultyProxy;
import io.shoaldb.objectstore.testing.FaultyProxy.Fault;
import io.shoaldb.objectstore.testing.S3TestServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@link S3ObjectStore} against a real S3-compatible server on 127.0.0.1, and through a proxy that injects faults. */
class S3ObjectStoreTest {

    @TempDir
    static Path tmp;
    private static S3TestServer server;

    @BeforeAll
    static void startServer() throws Exception {
        Path blobs = Files.createDirectories(tmp.resolve("blobs"));
        server = S3TestServer.start(blobs, "shoal");
    }

    @AfterAll
    static void stopServer() throws Exception {
        server.close();
    }

    private static byte[] randomBytes(int size, long seed) {
        byte[] bytes = new byte[size];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }

    @Test
    void createdObjectsAreReadByRangeListedUnderTheirRootAndDeleted() {
        byte[] bytes = randomBytes(10_000, 1);
        try (ObjectStore store = new S3ObjectStore(server.settings("/vault-a/"));
             ObjectStore other = new S3ObjectStore(server.settings("vault-b"))) {
            store.create("tablet-1/seg-1", bytes);
            store.create("tablet-1/seg-2", new byte[] {7});
            other.create("tablet-1/seg-1", new byte[] {1, 2});

            assertThat(store.size("tablet-1/seg-1")).isEqualTo(10_000);
            assertThat(store.read("tablet-1/seg-1", 100, 50)).isEqualTo(Arrays.copyOfRange(bytes, 100, 150));
            assertThat(store.read("tablet-1/seg-1", 0, 0)).isEmpty();
            assertThat(store.list("tablet-1/")).containsExactly("tablet-1/seg-1", "tablet-1/seg-2");
            assertThat(other.list("")).containsExactly("tablet-1/seg-1");

            store.delete("tablet-1/seg-1");
            store.delete("tablet-1/seg-1");
            assertThat(store.list("tablet-1/")).containsExactly("tablet-1/seg-2");
            assertThatThrownBy(() -> store.size("tablet-1/seg-1"))
                    .isInstanceOf(ObjectStoreException.NotFound.class)
                    .hasMessageContaining("s3://shoal/vault-a/tablet-1/seg-1");
            assertThat(other.size("tablet-1/seg-1")).isEqualTo(2);
        }
    }

    @Test
    void anObjectIsNeverOverwrittenButTheSameUploadAgainSucceeds() {
        try (ObjectStore store = new S3ObjectStore(server.settings("overwrite"))) {
            store.create("seg", new byte[] {1, 2, 3});
            store.create("seg", new byte[] {1, 2, 3});
            assertThatThrownBy(() -> store.create("seg", new byte[] {9, 9, 9}))
                    .isInstanceOf(ObjectStoreException.AlreadyExists.class)
                    .hasMessageContaining("never overwritten");
            assertThat(store.read("seg", 0, 3)).containsExactly(1, 2, 3);
        }
    }

    @Test
    void aLargeFileIsUploadedInPartsAndReadBackAcrossTheirBoundaries() throws Exception {
        long part = S3Settings.MIN_PART_SIZE;
        byte[] bytes = randomBytes((int) (2 * part + 12_345), 2);
        Path file = Files.write(tmp.resolve("big.seg"), bytes);
        S3Settings settings = server.settings("multipart").withBounds(3, Duration.ofSeconds(30), part);
        try (ObjectStore store = new S3ObjectStore(settings)) {
            store.create("big", file);
            assertThat(store.size("big")).isEqualTo(bytes.length);
            int from = (int) part - 100;
            assertThat(store.read("big", from, 200)).isEqualTo(Arrays.copyOfRange(bytes, from, from + 200));
            assertThat(store.read("big", bytes.length - 10, 10))
                    .isEqualTo(Arrays.copyOfRange(bytes, bytes.length - 10, bytes.length));
            assertThatThrownBy(() -> store.create("big", file)).isInstanceOf(ObjectStoreException.AlreadyExists.class);
            assertThat(store.list("")).containsExactly("big");
        }
    }

    @Test
    void unfinishedMultipartUploadsAreListedUnderAPrefixAndAborted() {
        server.leaveUnfinishedUpload("unfinished/tablet-1/seg-1", new byte[] {1, 2, 3});
        server.leaveUnfinishedUpload("unfinished/tablet-2/seg-1", new byte[] {4, 5, 6});
        try (ObjectStore store = new S3ObjectStore(server.settings("unfinished"))) {
            List<ObjectStore.UnfinishedUpload> uploads = store.unfinishedUploads("tablet-1/");
            assertThat(uploads).extracting(ObjectStore.UnfinishedUpload::key).containsExactly("tablet-1/seg-1");
            assertThat(uploads.getFirst().initiated()).isNotNull();
            store.abort(uploads.getFirst());
            store.abort(uploads.getFirst());
            assertThat(store.unfinishedUploads("tablet-1/")).isEmpty();
            assertThat(store.unfinishedUploads("")).extracting(ObjectStore.UnfinishedUpload::key)
                    .containsExactly("tablet-2/seg-1");
            assertThat(store.list("")).isEmpty();
        }
    }

    @Test
    void readsOfMissingObjectsOrPastTheEndFailClearly() {
        try (ObjectStore store = new S3ObjectStore(server.settings("missing"))) {
            assertThatThrownBy(() -> store.read("nothing", 0, 10)).isInstanceOf(ObjectStoreException.NotFound.class);
            store.create("short", new byte[] {1, 2, 3});
            assertThatThrownBy(() -> store.read("short", 1, 10))
                    .isInstanceOf(ObjectStoreException.class)
                    .hasMessageContaining("shorter than the read");
        }
    }

    @Test
    void aWrongSecretFailsWithTheStoresAnswer() {
        S3Settings good = server.settings("auth");
        S3Settings wrong = new S3Settings(good.endpoint(), good.region(), good.bucket(), good.rootPath(),
                good.accessKey(), "not-the-secret", true, 5, Duration.ofSeconds(10), good.partSize());
        assertThat(wrong.toString()).doesNotContain("not-the-secret");
        try (ObjectStore store = new S3ObjectStore(wrong)) {
            assertThatThrownBy(() -> store.create("x", new byte[] {1}))
                    .isInstanceOf(ObjectStoreException.class)
                    .hasMessageContaining("s3://shoal/auth/x")
                    .hasMessageContaining("403");
        }
    }

    @Test
    void transientFailuresAreRetried() throws Exception {
        try (FaultyProxy proxy = new FaultyProxy(server.port())) {
            proxy.inject(Fault.SERVICE_UNAVAILABLE, 2);
            try (ObjectStore store = new S3ObjectStore(viaProxy(proxy, "retried", 5, Duration.ofSeconds(20)))) {
                store.create("seg", new byte[] {4, 5});
                assertThat(proxy.faulted()).isEqualTo(2);
                proxy.inject(Fault.RESET, 1);
                assertThat(store.read("seg", 0, 2)).containsExactly(4, 5);
            }
        }
    }

    @Test
    void anUnavailableStoreFailsAfterTheBoundedAttempts() throws Exception {
        try (FaultyProxy proxy = new FaultyProxy(server.port())) {
            proxy.injectAlways(Fault.SERVICE_UNAVAILABLE);
            try (ObjectStore store = new S3ObjectStore(viaProxy(proxy, "down", 3, Duration.ofSeconds(20)))) {
                assertThatThrownBy(() -> store.create("seg", new byte[] {1}))
                        .isInstanceOf(ObjectStoreException.class)
                        .hasMessageContaining("at most 3 attempts");
                assertThat(proxy.faulted()).isEqualTo(3);
            }
        }
    }

    @Test
    @Timeout(60)
    void aStalledStoreFailsWithinTheCallTimeout() throws Exception {
        try (FaultyProxy proxy = new FaultyProxy(server.port())) {
            proxy.injectAlways(Fault.STALL);
            try (ObjectStore store = new S3ObjectStore(viaProxy(proxy, "stalled", 3, Duration.ofSeconds(2)))) {
                assertThatThrownBy(() -> store.read("seg", 0, 1))
                        .isInstanceOf(ObjectStoreException.class)
                        .hasMessageContaining("s3://shoal/stalled/seg");
            }
        }
    }

    private static S3Settings viaProxy(FaultyProxy proxy, String root, int attempts, Duration timeout) {
        S3Settings direct = server.settings(root);
        return new S3Settings(proxy.endpoint(), direct.region(), direct.bucket(), direct.rootPath(),
                direct.accessKey(), direct.secretKey(), true, attempts, timeout, direct.partSize());
    }
}
