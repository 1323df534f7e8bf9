package io.shoaldb.storage.spill;

import io.shoaldb.storage.segment.SegmentReader;
import io.shoaldb.storage.segment.SegmentScanner;
import io.shoaldb.storage.segment.ZoneMapPredicate;
import io.shoaldb.vector.Batch;
import java.nio.file.Path;

/** Batches of a spill run, in the order they were written (one per page); the batches are the caller's to keep. */
public final class SpillReader implements AutoCloseable {
    private final SpillSpace space;
    private final SegmentReader reader;
    private final SegmentScanner scanner;
    private final long bytes;
    private boolean counted;

    SpillReader(SpillSpace space, Path path, int columns, long bytes) {
        this.space = space;
        this.bytes = bytes;
        this.reader = SegmentReader.open(space.files(), path);
        int[] all = new int[columns];
        for (int c = 0; c < columns; c++) {
            all[c] = c;
        }
        this.scanner = reader.scan(all, ZoneMapPredicate.ALWAYS);
    }

    /** The next batch, or null at the end of the run. */
    public Batch next() {
        Batch batch = scanner.next();
        if (batch == null && !counted) {
            counted = true;
            space.counters().read(bytes);
        }
        return batch;
    }

    @Override
    public void close() {
        reader.close();
    }
}
