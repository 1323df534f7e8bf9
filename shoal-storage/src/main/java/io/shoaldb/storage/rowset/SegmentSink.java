package io.shoaldb.storage.rowset;

import io.shoaldb.common.io.FilesFacade;
import io.shoaldb.objectstore.ObjectStoreException;
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
 * remembers them so a failed or aborted rowset can delete everything it wrote. A sink with {@link SegmentObjects} uploads
 * each finished segment to the table's storage vault and names it by its object key.
 */
final class SegmentSink {
    private final FilesFacade files;
    private final Path tabletDir;
    private final long rowsetId;
    private final List<SegmentColumn> columns;
    private final SegmentWriterOptions options;
    private final SegmentObjects objects;
    private final List<String> finished = new ArrayList<>();
    private SegmentWriter current;
    /**
     * The open segment's file name, kept rather than taken back off its path: that showed in profiles of small
     * commits.
     */
    private String currentName;
    private boolean announced;
    private long rows;
    private long bytes;

    SegmentSink(FilesFacade files, Path tabletDir, long rowsetId, List<SegmentColumn> columns,
                SegmentWriterOptions options, SegmentObjects objects) {
        this.files = files;
        this.objects = objects;
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
            currentName = SegmentFiles.name(rowsetId, finished.size());
            Path path = tabletDir.resolve(currentName);
            if (objects != null) {
                if (!announced) {
                    // Durable before anything reaches the bucket: a crash from here on leaves the intent behind.
                    objects.intents().uploading(objects.tableId(), objects.tabletId(), rowsetId);
                    announced = true;
                }
                current = SegmentWriter.createObject(files, path, objects.store(),
                        objects.key(rowsetId, finished.size()), columns, options);
            } else {
                current = SegmentWriter.create(files, path, columns, options);
            }
        }
        current.append(batch);
    }

    long currentSegmentBytes() {
        return current == null ? 0 : current.fileSize();
    }

    /** Finishes (fsyncs, or uploads) the open segment, if any; the next write starts a new one. */
    void endSegment() {
        if (current == null) {
            return;
        }
        rows += current.finish();
        bytes += current.fileSize();
        finished.add(objects != null ? objects.key(rowsetId, finished.size()) : currentName);
        current = null;
    }

    List<String> segmentFiles() {
        return finished;
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
        for (String name : finished) {
            if (objects != null) {
                try {
                    objects.store().delete(name);
                } catch (ObjectStoreException e) {
                    if (failure == null) {
                        failure = new IllegalStateException("could not delete object " + name + " of aborted rowset "
                                + rowsetId + ": " + e.getMessage(), e);
                    }
                }
                continue;
            }
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
        if (announced) {
            // A cut upload may still land (its answer lost, a retry in flight): the recycler checks the prefix later.
            objects.intents().orphaned(objects.tableId(), objects.tabletId(), rowsetId);
            announced = false;
        }
        if (failure != null) {
            throw failure;
        }
    }
}
