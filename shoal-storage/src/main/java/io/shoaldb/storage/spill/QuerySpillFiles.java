package io.shoaldb.storage.spill;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.storage.segment.SegmentColumn;
import io.shoaldb.storage.segment.SegmentWriter;
import io.shoaldb.storage.segment.SegmentWriterOptions;
import io.shoaldb.storage.segment.encoding.Encoding;
import io.shoaldb.vector.type.DataType;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The spill runs of one query, in {@code <path>/spill/q<queryId>/} on each storage path it used. Drivers of the query
 * create runs concurrently; {@link #close()} deletes every run still there (the query ended, failed or was killed).
 */
public final class QuerySpillFiles implements AutoCloseable {
    /**
     * Spilled data is written once and read once, so speed beats ratio: LZ4, and integers bit-packed against the
     * page's minimum without sizing every encoding per page (run-length and delta sizes value by value were most
     * of the cost of writing TPC-H q18's 1.1 GB of runs at SF10). Strings keep the usual choice: a dictionary
     * page reads back as a dictionary vector, much smaller in memory than the strings when values repeat. A query
     * keeps one run open per spill partition, each buffering a page: pages stay at 64 KB a column, not the
     * tables' larger bound.
     */
    static final SegmentWriterOptions OPTIONS = SegmentWriterOptions.DEFAULT.withTargetPageBytes(64 << 10)
            .withForcedEncoding(Encoding.BIT_PACKED);

    private final SpillSpace space;
    private final String name;
    private final Set<Path> directories = new LinkedHashSet<>();
    private final Set<SpillRun> live = new LinkedHashSet<>();
    private long nextRun;
    private boolean closed;

    QuerySpillFiles(SpillSpace space, long queryId) {
        this.space = space;
        this.name = "q" + queryId;
    }

    /** Starts a run of batches whose columns have {@code types}, in the next storage path's spill directory. */
    public synchronized SpillWriter newRun(List<DataType> types) {
        if (closed) {
            throw new IllegalStateException("the query's spill files are closed");
        }
        Path dir = space.nextDirectory().resolve(name);
        if (directories.add(dir)) {
            try {
                space.files().createDirectories(dir);
            } catch (IOException e) {
                directories.remove(dir);
                throw ErrorCode.IO_ERROR.exceptionWithCause(e, dir, e.getMessage());
            }
        }
        Path file = dir.resolve("run-" + nextRun++ + ".seg");
        List<SegmentColumn> columns = new ArrayList<>(types.size());
        for (int c = 0; c < types.size(); c++) {
            columns.add(new SegmentColumn(c, types.get(c)));
        }
        return new SpillWriter(this, SegmentWriter.createTemporary(space.files(), file, columns, OPTIONS), types);
    }

    synchronized void finished(SpillRun run) {
        live.add(run);
        space.counters().written(run.bytes());
    }

    SpillSpace space() {
        return space;
    }

    /** Deletes a run's file (its rows have been read back for the last time). */
    synchronized void delete(SpillRun run) {
        if (!live.remove(run)) {
            return;
        }
        space.counters().deleted(run.bytes());
        try {
            space.files().deleteIfExists(run.path());
        } catch (IOException e) {
            throw ErrorCode.IO_ERROR.exceptionWithCause(e, run.path(), e.getMessage());
        }
    }

    /** Bytes of this query's runs on disk now. */
    public synchronized long bytesOnDisk() {
        long bytes = 0;
        for (SpillRun run : live) {
            bytes += run.bytes();
        }
        return bytes;
    }

    /** Deletes every file and directory of the query; later calls do nothing. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (SpillRun run : live) {
            space.counters().deleted(run.bytes());
        }
        live.clear();
        IOException failure = null;
        for (Path dir : directories) {
            try {
                SpillSpace.deleteContents(space.files(), dir);
                space.files().deleteIfExists(dir);
            } catch (IOException e) {
                failure = e;
            }
        }
        if (failure != null) {
            throw ErrorCode.IO_ERROR.exceptionWithCause(failure, name, failure.getMessage());
        }
    }
}
