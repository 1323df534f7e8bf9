package io.shoaldb.storage.rowset;

import io.shoaldb.common.io.FilesFacade;
import io.shoaldb.storage.segment.IoFailures;
import io.shoaldb.storage.segment.SegmentColumn;
import io.shoaldb.storage.segment.SegmentWriter;
import io.shoaldb.storage.segment.SegmentWriterOptions;
import io.shoaldb.vector.Batch;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes one rowset's key-ordered batches into numbered segment files in the tablet directory, and
 * remembers them so a failed or aborted rowset can delete everything it wrote. An inline sink builds the
 * same segments in memory instead (see {@link RowsetMeta#inline()}).
 */
final class SegmentSink {
    private final FilesFacade files;
    private final Path tabletDir;
    private final long rowsetId;
    private final List<SegmentColumn> columns;
    private final SegmentWriterOptions options;
    private final boolean inline;
    private final List<String> finished = new ArrayList<>();
    private final List<byte[]> images = new ArrayList<>();
    private SegmentWriter current;
    private long rows;
    private long bytes;

    SegmentSink(FilesFacade files, Path tabletDir, long rowsetId, List<SegmentColumn> columns,
                SegmentWriterOptions options, boolean inline) {
        this.files = files;
        this.inline = inline;
        this.tabletDir = tabletDir;
        this.rowsetId = rowsetId;
        this.columns = columns;
        this.options = options;
    }

    void write(Batch batch) {
        if (batch.positionCount() == 0) {
            return;
        }
        if (current == null) {
            Path path = tabletDir.resolve(SegmentFiles.name(rowsetId, finished.size()));
            current = inline ? SegmentWriter.inMemory(path, columns, options)
                    : SegmentWriter.create(files, path, columns, options);
        }
        current.append(batch);
    }

    long currentSegmentBytes() {
        return current == null ? 0 : current.fileSize();
    }

    /** Finishes (fsyncs) the open segment, if any; the next write starts a new one. */
    void endSegment() {
        if (current == null) {
            return;
        }
        rows += current.finish();
        bytes += current.fileSize();
        finished.add(current.path().getFileName().toString());
        if (inline) {
            images.add(current.image());
        }
        current = null;
    }

    List<String> segmentFiles() {
        return finished;
    }

    /** The finished segments' images of an inline sink; empty for files. */
    List<byte[]> images() {
        return images;
    }

    long rows() {
        return rows;
    }

    long bytes() {
        return bytes;
    }

    /** Deletes the partial segment and every finished one; the first failure is thrown after trying all. */
    void deleteAll() {
        RuntimeException failure = null;
        if (current != null) {
            try {
                current.close();
            } catch (RuntimeException e) {
                failure = e;
            }
            current = null;
        }
        images.clear();
        for (String name : inline ? List.<String>of() : finished) {
            Path file = tabletDir.resolve(name);
            try {
                files.deleteIfExists(file);
            } catch (IOException e) {
                if (failure == null) {
                    failure = IoFailures.of(e, file);
                }
            }
        }
        finished.clear();
        if (failure != null) {
            throw failure;
        }
    }
}
