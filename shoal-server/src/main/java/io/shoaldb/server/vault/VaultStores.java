package io.shoaldb.server.vault;

import io.shoaldb.catalog.model.StorageVault;
import io.shoaldb.objectstore.BlockCache;
import io.shoaldb.objectstore.CachingObjectStore;
import io.shoaldb.objectstore.ObjectStore;
import io.shoaldb.objectstore.ObjectStoreException;
import io.shoaldb.objectstore.S3ObjectStore;
import io.shoaldb.objectstore.S3Settings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The node's clients of its storage vaults: one caching store per vault, all reading through one block cache whose
 * directories are {@code <data path>/file_cache}, one per data path, each holding at most the configured capacity.
 * The cache is opened when the first vault table needs it, so a node without vault tables keeps its data paths
 * exactly as before. Block keys are object keys, which are unique across vaults on one node (they start with the
 * table id), so the vaults can share the cache.
 */
public final class VaultStores implements AutoCloseable {
    /** Where and how large the block cache is (from the {@code file_cache_*} config keys). */
    public record CacheSettings(List<Path> dataPaths, long capacityPerPath, int blockBytes, int readAheadBlocks) {
        public CacheSettings {
            dataPaths = List.copyOf(dataPaths);
        }
    }

    static final String CACHE_DIRECTORY = "file_cache";
    /** Looked up by the warm-up; no object has this key (keys of segments start with {@code data/}). */
    static final String WARM_UP_KEY = "shoal-warm-up";
    private static final Logger LOG = LoggerFactory.getLogger(VaultStores.class);
    private static final BlockCache.Stats NO_STATS = new BlockCache.Stats(0, 0, 0, 0, 0);

    private final CacheSettings settings;
    private final Map<Long, CachingObjectStore> stores = new ConcurrentHashMap<>();
    private final Map<Long, String> names = new ConcurrentHashMap<>();
    private volatile BlockCache cache;

    public VaultStores(CacheSettings settings) {
        this.settings = settings;
    }

    /** The store a table in {@code vault} reads and writes its segments through. */
    public ObjectStore store(StorageVault vault) {
        names.put(vault.id(), vault.name());
        return stores.computeIfAbsent(vault.id(), id -> new CachingObjectStore(new S3ObjectStore(settings(vault.properties())),
                cache(), settings.readAheadBlocks()));
    }

    /**
     * The client settings of a vault's checked properties. Doris's {@code s3.connection.request.timeout} (ms), when
     * given, bounds each call with its retries (default {@link S3Settings#DEFAULT_CALL_TIMEOUT}): a load into the
     * vault fails within it when the store stalls.
     */
    public static S3Settings settings(Map<String, String> properties) {
        S3Settings settings = S3Settings.of(properties.get(StorageVault.ENDPOINT), properties.get(StorageVault.REGION),
                properties.get(StorageVault.BUCKET), properties.get(StorageVault.ROOT_PATH),
                properties.get(StorageVault.ACCESS_KEY), properties.get(StorageVault.SECRET_KEY),
                Boolean.parseBoolean(properties.get(StorageVault.USE_PATH_STYLE)));
        String timeout = properties.get(StorageVault.REQUEST_TIMEOUT);
        return timeout == null ? settings : settings.withBounds(settings.maxAttempts(),
                Duration.ofMillis(Long.parseLong(timeout)), settings.partSize());
    }

    /**
     * Sends one small request (a HEAD of a key that does not exist) to every vault opened so far, each on a daemon
     * thread of its own, and returns at once. The first request of a fresh JVM's client costs seconds (class loading,
     * the signer, the connection pool); paid here, it is not paid by the first query or load after a start. A store
     * that is down or stalls only makes its warm-up fail in the background (logged): the start, local tables and reads
     * the block cache answers never wait for it.
     */
    public void warmUp() {
        stores.forEach((id, store) -> Thread.ofPlatform().daemon().name("vault-warm-up-" + id).start(() -> {
            long start = System.nanoTime();
            try {
                store.size(WARM_UP_KEY);
            } catch (ObjectStoreException.NotFound expected) {
                LOG.info("storage vault '{}' answered its warm-up in {} ms", names.get(id),
                        (System.nanoTime() - start) / 1_000_000);
            } catch (RuntimeException e) {
                LOG.warn("storage vault '{}' did not answer its warm-up: {}", names.get(id), e.getMessage());
            }
        }));
    }

    private synchronized BlockCache cache() {
        if (cache == null) {
            cache = BlockCache.open(settings.dataPaths().stream().map(p -> p.resolve(CACHE_DIRECTORY)).toList(),
                    settings.capacityPerPath(), settings.blockBytes());
        }
        return cache;
    }

    /** The block cache's counters (zero while no vault table was used). */
    public BlockCache.Stats cacheStats() {
        BlockCache opened = cache;
        return opened == null ? NO_STATS : opened.stats();
    }

    /** Each data path's cache directory with its counters (zero while no vault table was used). */
    public List<BlockCache.DirectoryStats> cacheDirectoryStats() {
        BlockCache opened = cache;
        if (opened != null) {
            return opened.directoryStats();
        }
        return settings.dataPaths().stream().map(p -> new BlockCache.DirectoryStats(p.resolve(CACHE_DIRECTORY),
                settings.capacityPerPath(), NO_STATS)).toList();
    }

    /** The configured capacity over all data paths. */
    public long cacheCapacityBytes() {
        return settings.capacityPerPath() * settings.dataPaths().size();
    }

    @Override
    public void close() {
        stores.values().forEach(CachingObjectStore::close);
        stores.clear();
    }
}
