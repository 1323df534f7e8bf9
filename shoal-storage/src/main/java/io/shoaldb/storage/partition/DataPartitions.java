package io.shoaldb.storage.partition;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.io.DurableFiles;
import io.shoaldb.common.io.FilesFacade;
import io.shoaldb.storage.segment.IoFailures;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The node's P data partitions over its data paths (spec: partitions-and-parallel-queries.md). Several
 * paths: one partition per path. One path: {@link #automaticCount}. An override count spreads P
 * partitions round-robin over the paths (partition i on path i mod n).
 *
 * <p>Each path records the layout in {@code <path>/data/LAYOUT} at first start. A tablet's directory is
 * derived from its partition index, so a start whose configuration yields another layout would silently
 * lose data; instead it fails, naming the path, before anything is written.
 */
public final class DataPartitions {
    static final String DATA_DIR = "data";
    static final String MARKER = "LAYOUT";
    private static final long MIB = 1024L * 1024L;
    private static final int MAX_AUTOMATIC = 16;

    private final List<DataPartition> partitions;

    private DataPartitions(List<DataPartition> partitions) {
        this.partitions = List.copyOf(partitions);
    }

    /** {@code min(cores, min(memoryMB / 1024, 16))}, at least 1: the seed's rule for a single data path. */
    public static int automaticCount(long memoryBudgetBytes, int cores) {
        long maxPartitions = Math.min(memoryBudgetBytes / MIB / 1024, MAX_AUTOMATIC);
        return (int) Math.max(1, Math.min(cores, maxPartitions));
    }

    public static DataPartitions open(FilesFacade files, List<Path> storagePaths, int overrideCount,
                                      long memoryBudgetBytes, int cores) {
        List<Path> paths = normalise(storagePaths);
        int count = overrideCount > 0 ? overrideCount
                : paths.size() > 1 ? paths.size() : automaticCount(memoryBudgetBytes, cores);
        if (count < paths.size()) {
            throw ErrorCode.INVALID_VALUE.exception("a partition count of " + count + " leaves some of the "
                    + paths.size() + " data paths unused");
        }
        // Check every marker before writing any, so a mismatch changes nothing on any path.
        List<PartitionLayout> wanted = new ArrayList<>();
        List<Boolean> present = new ArrayList<>();
        for (int p = 0; p < paths.size(); p++) {
            PartitionLayout layout = layoutFor(p, paths.size(), count);
            wanted.add(layout);
            Path marker = paths.get(p).resolve(DATA_DIR).resolve(MARKER);
            boolean exists = files.exists(marker);
            present.add(exists);
            if (exists) {
                PartitionLayout found = read(files, marker);
                if (!found.sameAs(layout)) {
                    throw ErrorCode.STORAGE_LAYOUT_MISMATCH.exception(paths.get(p), found.describe(), layout.describe());
                }
            }
        }
        List<DataPartition> result = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Path path = paths.get(i % paths.size());
            result.add(new DataPartition(i, path, path.resolve(DATA_DIR).resolve("p" + i)));
        }
        for (int p = 0; p < paths.size(); p++) {
            if (!present.get(p)) {
                writeMarker(files, paths.get(p), wanted.get(p));
            }
        }
        for (DataPartition partition : result) {
            createDurably(files, partition.directory());
        }
        return new DataPartitions(result);
    }

    public List<DataPartition> partitions() {
        return partitions;
    }

    public int count() {
        return partitions.size();
    }

    public DataPartition get(int index) {
        return partitions.get(index);
    }

    private static List<Path> normalise(List<Path> storagePaths) {
        if (storagePaths.isEmpty()) {
            throw ErrorCode.INVALID_VALUE.exception("at least one data path (storage_root_path) is required");
        }
        Set<Path> seen = new HashSet<>();
        List<Path> out = new ArrayList<>();
        for (Path p : storagePaths) {
            Path abs = p.toAbsolutePath().normalize();
            if (!seen.add(abs)) {
                throw ErrorCode.INVALID_VALUE.exception("data path " + abs + " is listed twice");
            }
            out.add(abs);
        }
        return out;
    }

    private static PartitionLayout layoutFor(int pathIndex, int paths, int count) {
        List<Integer> indexes = new ArrayList<>();
        for (int i = pathIndex; i < count; i += paths) {
            indexes.add(i);
        }
        return new PartitionLayout(count, indexes.stream().mapToInt(Integer::intValue).toArray());
    }

    private static PartitionLayout read(FilesFacade files, Path marker) {
        try {
            return PartitionLayout.decode(marker, files.readAllBytes(marker));
        } catch (IOException e) {
            throw IoFailures.of(e, marker);
        }
    }

    private static void writeMarker(FilesFacade files, Path path, PartitionLayout layout) {
        Path dataDir = path.resolve(DATA_DIR);
        createDurably(files, dataDir);
        Path marker = dataDir.resolve(MARKER);
        try {
            DurableFiles.replace(files, marker, ByteBuffer.wrap(layout.encode()));
        } catch (IOException e) {
            throw IoFailures.of(e, marker);
        }
    }

    /** Creates a directory and any missing parents, making each new entry durable in its parent. */
    public static void createDurably(FilesFacade files, Path dir) {
        try {
            DurableFiles.createDirectories(files, dir);
        } catch (IOException e) {
            throw IoFailures.of(e, dir);
        }
    }
}
