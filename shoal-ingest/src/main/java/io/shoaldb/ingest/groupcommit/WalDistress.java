package io.shoaldb.ingest.groupcommit;

import io.shoaldb.ingest.groupcommit.wal.WalDirectories;
import io.shoaldb.ingest.groupcommit.wal.WalHealth;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns WAL writers' failure reports into the distressed-directory state ({@link WalDirectories}), metrics
 * ({@code group_commit_wal_write_fail}, {@code group_commit_wal_distressed_dirs}) and log lines; and
 * remembers, for a distressed WAL whose acknowledged prefix could not be written to a fresh file, how many
 * of its bytes replay may load (the rest belongs to loads that were told they failed).
 */
final class WalDistress implements WalHealth {
    private static final Logger LOG = LoggerFactory.getLogger(WalDistress.class);

    private final WalDirectories dirs;
    private final GroupCommitMetrics metrics;
    private final Map<Path, Long> replayLimits = new ConcurrentHashMap<>();

    WalDistress(WalDirectories dirs, GroupCommitMetrics metrics) {
        this.dirs = dirs;
        this.metrics = metrics;
    }

    @Override
    public void failed(Path walFile, IOException error) {
        metrics.walWriteFailed();
        if (dirs.markDistressed(walFile, walFile.getFileName() + ": " + error.getMessage())) {
            LOG.error("WAL directory of {} is distressed: a write or fsync failed ({}); the WAL is not written or"
                    + " fsynced again, its unacknowledged loads fail, new WALs go to a fresh file", walFile,
                    error.toString());
        }
        metrics.walDistressedDirs(dirs.distressed().size());
    }

    /** Replay of {@code walFile} in this process loads only its first {@code bytes} bytes. */
    void limitReplay(Path walFile, long bytes) {
        replayLimits.put(walFile, bytes);
    }

    /** The bytes of {@code walFile} replay may load: all of them unless {@link #limitReplay} said otherwise. */
    byte[] replayable(Path walFile, byte[] contents) {
        Long limit = replayLimits.get(walFile);
        return limit == null || limit >= contents.length ? contents : Arrays.copyOf(contents, (int) limit.longValue());
    }

    void replayed(Path walFile) {
        replayLimits.remove(walFile);
    }

    @Override
    public void synced(Path walFile) {
        if (dirs.markHealthy(walFile)) {
            LOG.info("WAL directory of {} fsyncs again; no longer distressed", walFile);
            metrics.walDistressedDirs(dirs.distressed().size());
        }
    }
}
