package io.shoaldb.storage.spill;

import io.shoaldb.storage.segment.SegmentWriter;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.type.DataType;
import java.util.List;

/** Writes one spill run; {@link #finish()} makes it readable, {@link #close()} before that deletes it. */
public final class SpillWriter implements AutoCloseable {
    private final QuerySpillFiles owner;
    private final SegmentWriter segment;
    private final List<DataType> types;

    SpillWriter(QuerySpillFiles owner, SegmentWriter segment, List<DataType> types) {
        this.owner = owner;
        this.segment = segment;
        this.types = List.copyOf(types);
    }

    /** Appends the batch's selected rows; its columns must have the run's types, in order. */
    public void append(Batch batch) {
        segment.append(batch);
    }

    /** Bytes written so far (compressed pages; the last page is still buffered). */
    public long bytesWritten() {
        return segment.fileSize();
    }

    public SpillRun finish() {
        long rows = segment.finish();
        SpillRun run = new SpillRun(owner, segment.path(), types, rows, segment.fileSize());
        owner.finished(run);
        return run;
    }

    @Override
    public void close() {
        segment.close();
    }
}
