package io.shoaldb.objectstore;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.CRC32C;

/**
 * Fixed-size blocks of objects kept on local directories (the data paths), so that reading an object again costs
 * a local read, not a GET. Each directory holds the blocks whose name hashes to it, up to its own capacity, and
 * evicts the least recently used block first. Blocks are files that outlive a restart: opening the cache indexes
 * what is there (oldest first).
 *
 * <p>The cache is rebuildable, never the only copy, so nothing here is fsynced: a block file carries the CRC32C of
 * its bytes, and one that a crash left torn, or that was damaged, fails the check (at its first read after the cache
 * is opened), is deleted and read again from the store. Objects never change once created, so a cached block is never stale.
 */
public final class BlockCache {
    /** Counters since the cache was opened, and what it holds now. */
    public record Stats(long hits, long misses, long evictions, long blocks, long bytes) {
    }

    /** One cache directory (one per data path): where it is, how much it may hold, and its {@link Stats}. */
    public record DirectoryStats(Path directory, long capacity, Stats stats) {
    }

    private static final String BLOCK_SUFFIX = ".blk";
    private static final String TEMP_SUFFIX = ".tmp";
    private static final String SIZE_SUFFIX = ".size";
    private static final int CRC_BYTES = Integer.BYTES;

    private final int blockSize;
    private final List<Shard> shards;

    private BlockCache(int blockSize, List<Shard> shards) {
        this.blockSize = blockSize;
        this.shards = shards;
    }

    /** Opens (creating them if needed) the cache directories, each holding at most {@code capacityPerDirectory}. */
    public static BlockCache open(List<Path> directories, long capacityPerDirectory, int blockSize) {
        if (directories.isEmpty() || blockSize <= 0 || capacityPerDirectory < blockSize) {
            throw new IllegalArgumentException("a block cache needs a directory and room for one block of "
                    + blockSize + " bytes; got " + directories + " with " + capacityPerDirectory + " bytes each");
        }
        List<Shard> shards = new ArrayList<>();
        for (Path directory : directories) {
            shards.add(Shard.open(directory, capacityPerDirectory));
        }
        for (Shard shard : shards) {
            shard.evictOverCapacity(); // the capacity may have shrunk since the blocks were written
        }
        return new BlockCache(blockSize, shards);
    }

    public int blockSize() {
        return blockSize;
    }

    /**
     * Bytes {@code [from, from + length)} of block {@code block} of object {@code key}, or null when it is not cached
     * (or its file was damaged). The first read of a block file since the cache was opened reads it whole and checks
     * its CRC32C; later reads read only the range asked for: a scan reads a block page by page, and reading and
     * checking the whole block for every page cost more than the scan itself. Whatever reads the range checks its
     * own content as well (a segment's pages and footer carry checksums).
     */
    public byte[] get(String key, long block, int from, int length) {
        String name = blockName(key, block);
        Shard shard = shardOf(name);
        byte[] bytes = shard.read(name, from, length);
        (bytes == null ? shard.misses : shard.hits).incrementAndGet();
        return bytes;
    }

    /** Whether block {@code block} of {@code key} is cached; neither counted as a hit or miss nor made recent. */
    public boolean contains(String key, long block) {
        String name = blockName(key, block);
        Shard shard = shardOf(name);
        synchronized (shard) {
            return shard.sizes.containsKey(name);
        }
    }

    /** Caches {@code bytes} as block {@code block} of object {@code key}, evicting older blocks to make room. */
    public void put(String key, long block, byte[] bytes) {
        String name = blockName(key, block);
        Shard shard = shardOf(name);
        shard.evictions.addAndGet(shard.write(name, bytes));
    }

    /**
     * The size of object {@code key} as {@link #putObjectSize} recorded it, or -1. Kept in a small checksummed file
     * beside the object's blocks (outside the blocks' capacity and counters), so reads after a restart need no HEAD of
     * the store; removed with the object's blocks by {@link #invalidate}.
     */
    public long objectSize(String key) {
        byte[] size = readChecked(sizeFile(key));
        // not recorded, unreadable or damaged: the caller asks the store
        return size != null && size.length == Long.BYTES ? ByteBuffer.wrap(size).getLong() : -1;
    }

    /** Records the size of object {@code key} (objects never change, so it stays true until the key is deleted). */
    public void putObjectSize(String key, long size) {
        // the cache is an optimisation: without the record the size is looked up in the store
        writeChecked(sizeFile(key), ByteBuffer.allocate(Long.BYTES).putLong(size).array());
    }

    /** A cache file's content (a block or a size record) if the file is whole and its checksum matches, else null. */
    private static byte[] readChecked(Path file) {
        try {
            byte[] stored = Files.readAllBytes(file);
            if (stored.length >= CRC_BYTES) {
                int length = stored.length - CRC_BYTES;
                CRC32C crc = new CRC32C();
                crc.update(stored, 0, length);
                if ((int) crc.getValue() == ByteBuffer.wrap(stored, length, CRC_BYTES).getInt()) {
                    return Arrays.copyOf(stored, length);
                }
            }
        } catch (IOException e) {
            // gone or unreadable
        }
        return null;
    }

    /**
     * Writes {@code content} and its checksum to a temporary file renamed over {@code file}, so a reader sees the old
     * file or the whole new one; false (the temporary file gone) if it could not be written. No fsync: a file a
     * crash tore fails its checksum and is fetched again.
     */
    private static boolean writeChecked(Path file, byte[] content) {
        CRC32C crc = new CRC32C();
        crc.update(content);
        ByteBuffer stored = ByteBuffer.allocate(content.length + CRC_BYTES).put(content).putInt((int) crc.getValue());
        Path temp = file.resolveSibling(file.getFileName() + "." + Thread.currentThread().threadId() + TEMP_SUFFIX);
        try {
            Files.write(temp, stored.array());
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return true;
        } catch (IOException e) {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException ignored) {
                // the next open deletes it
            }
            return false;
        }
    }

    private Path sizeFile(String key) {
        String name = keyHash(key) + SIZE_SUFFIX;
        return shardOf(name).directory.resolve(name);
    }

    /** Forgets every block of object {@code key} (after it was deleted from the store). */
    public void invalidate(String key) {
        String prefix = keyHash(key) + "-";
        for (Shard shard : shards) {
            shard.removeAll(prefix);
        }
        try {
            Files.deleteIfExists(sizeFile(key));
        } catch (IOException e) {
            // a size record of a deleted object is harmless: its key is never read again
        }
    }

    /** The counters and contents over all directories. */
    public Stats stats() {
        long hits = 0;
        long misses = 0;
        long evictions = 0;
        long blocks = 0;
        long bytes = 0;
        for (DirectoryStats d : directoryStats()) {
            hits += d.stats().hits();
            misses += d.stats().misses();
            evictions += d.stats().evictions();
            blocks += d.stats().blocks();
            bytes += d.stats().bytes();
        }
        return new Stats(hits, misses, evictions, blocks, bytes);
    }

    /** Each directory's counters and contents, in the order the directories were given. */
    public List<DirectoryStats> directoryStats() {
        List<DirectoryStats> out = new ArrayList<>(shards.size());
        for (Shard shard : shards) {
            synchronized (shard) {
                out.add(new DirectoryStats(shard.directory, shard.capacity, new Stats(shard.hits.get(),
                        shard.misses.get(), shard.evictions.get(), shard.sizes.size(), shard.used)));
            }
        }
        return out;
    }

    private Shard shardOf(String name) {
        return shards.get(Math.floorMod(name.hashCode(), shards.size()));
    }

    private static String blockName(String key, long block) {
        return keyHash(key) + "-" + block + BLOCK_SUFFIX;
    }

    /** A file-name-safe, fixed-length name of an object key (keys may hold '/' and any character). */
    private static String keyHash(String key) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    /** One directory: its blocks in least-recently-used order and the bytes they take. */
    private static final class Shard {
        private final Path directory;
        private final long capacity;
        private final LinkedHashMap<String, Long> sizes = new LinkedHashMap<>(16, 0.75f, true);
        /** Blocks whose file passed its checksum since the cache was opened: read by ranges from then on. */
        private final Set<String> verified = new HashSet<>();
        private final AtomicLong hits = new AtomicLong();
        private final AtomicLong misses = new AtomicLong();
        private final AtomicLong evictions = new AtomicLong();
        private long used;

        private Shard(Path directory, long capacity) {
            this.directory = directory;
            this.capacity = capacity;
        }

        static Shard open(Path directory, long capacity) {
            Shard shard = new Shard(directory, capacity);
            try {
                Files.createDirectories(directory);
                List<Path> blocks = new ArrayList<>();
                try (DirectoryStream<Path> files = Files.newDirectoryStream(directory)) {
                    for (Path file : files) {
                        String name = file.getFileName().toString();
                        if (name.endsWith(TEMP_SUFFIX)) {
                            Files.deleteIfExists(file); // a write a crash interrupted
                        } else if (name.endsWith(BLOCK_SUFFIX)) {
                            blocks.add(file);
                        }
                    }
                }
                Map<Path, FileTime> modified = new LinkedHashMap<>();
                for (Path block : blocks) {
                    modified.put(block, Files.getLastModifiedTime(block));
                }
                blocks.sort((a, b) -> modified.get(a).compareTo(modified.get(b)));
                for (Path block : blocks) {
                    long size = Files.size(block);
                    shard.sizes.put(block.getFileName().toString(), size);
                    shard.used += size;
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot open the block cache in " + directory + ": " + e, e);
            }
            return shard;
        }

        byte[] read(String name, int from, int length) {
            boolean checked;
            synchronized (this) {
                if (sizes.get(name) == null) {
                    return null;
                }
                checked = verified.contains(name);
            }
            Path file = directory.resolve(name);
            if (checked) {
                try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
                    ByteBuffer range = ByteBuffer.allocate(length);
                    while (range.hasRemaining() && channel.read(range, from + range.position()) > 0) {
                        // positional reads until the range is full or the file ends
                    }
                    if (!range.hasRemaining() && from + length <= channel.size() - CRC_BYTES) {
                        return range.array();
                    }
                } catch (IOException e) {
                    // gone or unreadable: drop it below and let the caller read the store
                }
                remove(name);
                return null;
            }
            byte[] whole = readChecked(file);
            if (whole == null || from + length > whole.length) {
                remove(name);
                return null;
            }
            synchronized (this) {
                if (sizes.containsKey(name)) {
                    verified.add(name);
                }
            }
            return Arrays.copyOfRange(whole, from, from + length);
        }


        /** Writes the block (temp file, then rename) and returns how many blocks were evicted for it. */
        long write(String name, byte[] bytes) {
            if (!writeChecked(directory.resolve(name), bytes)) {
                return 0; // a cache that cannot write only costs reads from the store
            }
            long stored = bytes.length + CRC_BYTES;
            synchronized (this) {
                verified.remove(name); // a new file: checked at its first read, like any other
                Long previous = sizes.put(name, stored);
                used += stored - (previous == null ? 0 : previous);
            }
            return evictOverCapacity();
        }

        long evictOverCapacity() {
            List<String> victims = new ArrayList<>();
            synchronized (this) {
                Iterator<Map.Entry<String, Long>> eldest = sizes.entrySet().iterator();
                while (used > capacity && eldest.hasNext()) {
                    Map.Entry<String, Long> e = eldest.next();
                    used -= e.getValue();
                    victims.add(e.getKey());
                    verified.remove(e.getKey());
                    eldest.remove();
                }
            }
            victims.forEach(this::deleteFile);
            return victims.size();
        }

        void remove(String name) {
            synchronized (this) {
                Long size = sizes.remove(name);
                verified.remove(name);
                if (size != null) {
                    used -= size;
                }
            }
            deleteFile(name);
        }

        void removeAll(String prefix) {
            List<String> names;
            synchronized (this) {
                names = sizes.keySet().stream().filter(n -> n.startsWith(prefix)).toList();
            }
            names.forEach(this::remove);
        }

        private void deleteFile(String name) {
            try {
                Files.deleteIfExists(directory.resolve(name));
            } catch (IOException e) {
                // left behind: indexed again (and evicted in turn) at the next open
            }
        }
    }
}
