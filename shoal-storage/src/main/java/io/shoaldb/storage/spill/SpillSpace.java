package io.shoaldb.storage.spill;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.io.FilesFacade;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where queries put what does not fit in memory: a {@code spill} directory on every storage path, so that a large
 * spill spreads its I/O over all the disks the data partitions use (as the data itself is spread). Runs are
 * temporary segment files - compressed and checksummed page by page like table data, never fsynced, since nothing
 * needs them after the process is gone. A query's runs are deleted when it ends; whatever a crash left behind is
 * deleted when the space opens.
 */
public final class SpillSpace {
    public static final String DIRECTORY = "spill";
    private static final Logger LOG = LoggerFactory.getLogger(SpillSpace.class);

    private final FilesFacade files;
    private final List<Path> directories;
    private final SpillCounters counters = new SpillCounters();
    private final AtomicInteger nextDirectory = new AtomicInteger();

    private SpillSpace(FilesFacade files, List<Path> directories) {
        this.files = files;
        this.directories = directories;
    }

    /** Opens {@code <path>/spill} on each storage path, deleting the runs of queries that were running at a crash. */
    public static SpillSpace open(FilesFacade files, List<Path> storagePaths) {
        if (storagePaths.isEmpty()) {
            throw new IllegalArgumentException("spilling needs at least one storage path");
        }
        List<Path> directories = new ArrayList<>();
        for (Path path : new LinkedHashSet<>(storagePaths)) {
            Path dir = path.resolve(DIRECTORY);
            try {
                int left = deleteContents(files, dir);
                if (left > 0) {
                    LOG.info("deleted {} spill entries left in {} by an earlier run", left, dir);
                }
                files.createDirectories(dir);
            } catch (IOException e) {
                throw ErrorCode.IO_ERROR.exceptionWithCause(e, dir, e.getMessage());
            }
            directories.add(dir);
        }
        return new SpillSpace(files, List.copyOf(directories));
    }

    /** The spill files of one query; close them when it ends, whether it succeeded or not. */
    public QuerySpillFiles forQuery(long queryId) {
        return new QuerySpillFiles(this, queryId);
    }

    /** What has been spilled and read back since start, and what is on disk now. */
    public SpillCounters counters() {
        return counters;
    }

    /** The spill directories, one per storage path. */
    public List<Path> directories() {
        return directories;
    }

    FilesFacade files() {
        return files;
    }

    /** The directory for the next run: round-robin over the storage paths. */
    Path nextDirectory() {
        return directories.get(Math.floorMod(nextDirectory.getAndIncrement(), directories.size()));
    }

    /** Deletes everything under {@code dir} (not {@code dir} itself); returns how many entries were deleted. */
    static int deleteContents(FilesFacade files, Path dir) throws IOException {
        int deleted = 0;
        for (Path entry : files.list(dir)) {
            if (Files.isDirectory(entry)) {
                deleted += deleteContents(files, entry);
            }
            if (files.deleteIfExists(entry)) {
                deleted++;
            }
        }
        return deleted;
    }
}
