package io.shoaldb.objectstore;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An {@link ObjectStore} read through a {@link BlockCache}: a read is cut into the cache's blocks, each served
 * from the local copy or fetched whole by one ranged GET and kept. What this node creates is cached as it is
 * uploaded (a load's segments are read again soon). Object sizes are kept in the cache too (objects never change):
 * after a restart, reads the cached blocks answer need nothing from the store, so they work while it is down.
 *
 * <p>Read-ahead: a missing block is fetched together with up to {@code readAheadBlocks} blocks after it (up to the
 * first one already cached), in one ranged GET. Scans read a segment's pages in order, so the next reads find
 * their blocks local, and a cold scan costs one GET per run of blocks instead of one per block.
 */
public final class CachingObjectStore implements ObjectStore {
    private final ObjectStore store;
    private final BlockCache cache;
    private final int readAheadBlocks;
    private final Map<String, Long> sizes = new ConcurrentHashMap<>();

    public CachingObjectStore(ObjectStore store, BlockCache cache) {
        this(store, cache, 0);
    }

    public CachingObjectStore(ObjectStore store, BlockCache cache, int readAheadBlocks) {
        if (readAheadBlocks < 0) {
            throw new IllegalArgumentException("read-ahead of " + readAheadBlocks + " blocks");
        }
        this.store = store;
        this.cache = cache;
        this.readAheadBlocks = readAheadBlocks;
    }

    @Override
    public void create(String key, Path file) {
        store.create(key, file);
        try (InputStream in = Files.newInputStream(file)) {
            long block = 0;
            long size = 0;
            byte[] bytes;
            while ((bytes = in.readNBytes(cache.blockSize())).length > 0) {
                cache.put(key, block++, bytes);
                size += bytes.length;
            }
            remember(key, size);
        } catch (IOException e) {
            // uploaded: the blocks will be fetched on first read instead
        }
    }

    @Override
    public void create(String key, byte[] bytes) {
        store.create(key, bytes);
        int blockSize = cache.blockSize();
        for (int from = 0, block = 0; from < bytes.length; from += blockSize, block++) {
            cache.put(key, block, Arrays.copyOfRange(bytes, from, Math.min(bytes.length, from + blockSize)));
        }
        remember(key, bytes.length);
    }

    @Override
    public byte[] read(String key, long offset, int length) {
        if (length == 0) {
            return new byte[0];
        }
        long size = size(key);
        if (offset < 0 || offset + length > size) {
            throw new ObjectStoreException("read of " + key + " at " + offset + " for " + length + " bytes: the object"
                    + " has " + size + " bytes, it is shorter than the read", null);
        }
        int blockSize = cache.blockSize();
        byte[] result = new byte[length];
        for (long block = offset / blockSize; block <= (offset + length - 1) / blockSize; block++) {
            long blockStart = block * blockSize;
            int from = (int) (Math.max(offset, blockStart) - blockStart);
            int to = (int) (Math.min(offset + length, blockStart + blockSize) - blockStart);
            byte[] bytes = cache.get(key, block, from, to - from);
            if (bytes == null) {
                bytes = Arrays.copyOfRange(fetch(key, block, size), from, to);
            }
            System.arraycopy(bytes, 0, result, (int) (blockStart + from - offset), to - from);
        }
        return result;
    }

    /** Fetches a missing block, with the read-ahead, and caches what it fetched; returns the block's bytes. */
    private byte[] fetch(String key, long block, long size) {
        int blockSize = cache.blockSize();
        long lastBlock = (size - 1) / blockSize;
        long end = block + 1; // exclusive: the run of missing blocks fetched together
        while (end <= lastBlock && end - block <= readAheadBlocks && !cache.contains(key, end)) {
            end++;
        }
        long start = block * blockSize;
        byte[] run = store.read(key, start, (int) (Math.min(size, end * blockSize) - start));
        byte[] first = null;
        for (long b = block; b < end; b++) {
            int from = (int) ((b - block) * blockSize);
            byte[] piece = Arrays.copyOfRange(run, from, Math.min(run.length, from + blockSize));
            cache.put(key, b, piece);
            if (b == block) {
                first = piece;
            }
        }
        return first;
    }

    @Override
    public long size(String key) {
        return sizes.computeIfAbsent(key, k -> {
            long cached = cache.objectSize(k);
            if (cached >= 0) {
                return cached;
            }
            long size = store.size(k);
            cache.putObjectSize(k, size);
            return size;
        });
    }

    private void remember(String key, long size) {
        sizes.put(key, size);
        cache.putObjectSize(key, size);
    }

    @Override
    public void delete(String key) {
        store.delete(key);
        sizes.remove(key);
        cache.invalidate(key);
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
        store.abort(upload); // an unfinished upload has no object yet, so nothing of it is cached
    }

    public BlockCache.Stats stats() {
        return cache.stats();
    }

    @Override
    public void close() {
        store.close();
    }
}
