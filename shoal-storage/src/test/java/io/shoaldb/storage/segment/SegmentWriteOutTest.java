package io.shoaldb.storage.segment;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.common.io.ForwardingFiles;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.type.DataType;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A durable segment goes to the device a few megabytes at a time while it is written, not in one burst at its end:
 * every fsync comes at most {@link SegmentOutput.FileOutput#SYNC_BYTES} (plus the page that crossed it) after the
 * one before. A temporary segment (a spill run) is never synced.
 */
class SegmentWriteOutTest {
    private static final List<DataType> TYPES = List.of(DataType.BIGINT, DataType.STRING);

    @TempDir
    Path dir;

    /** The file's size at each fsync of a segment file's channel. */
    private final List<Long> syncedAt = new ArrayList<>();
    private final ForwardingFiles files = new ForwardingFiles(TestRows.FILES) {
        @Override
        public void fsync(FileChannel channel) throws IOException {
            syncedAt.add(channel.size());
            super.fsync(channel);
        }
    };

    @Test
    void aDurableSegmentIsSyncedEveryFewMegabytesAsItIsWritten() throws IOException {
        Path file = dir.resolve("big.seg");
        Batch rows = rows(300_000); // about 9 MB of incompressible text
        try (SegmentWriter w = SegmentWriter.create(files, file, TestRows.columns(TYPES), SegmentWriterOptions.DEFAULT)) {
            w.append(rows);
            w.finish();
        }
        long size = java.nio.file.Files.size(file);
        assertThat(size).isGreaterThan(4 * SegmentOutput.FileOutput.SYNC_BYTES);
        assertThat(syncedAt).hasSizeGreaterThanOrEqualTo((int) (size / SegmentOutput.FileOutput.SYNC_BYTES));
        assertThat(syncedAt.getLast()).isEqualTo(size);
        long page = SegmentWriterOptions.DEFAULT.targetPageBytes() * 2L;
        long previous = 0;
        for (long at : syncedAt) {
            assertThat(at - previous).isLessThanOrEqualTo(SegmentOutput.FileOutput.SYNC_BYTES + page);
            previous = at;
        }
        assertThat(TestRows.readAll(file, new int[] {0}, ZoneMapPredicate.ALWAYS)).hasSize(rows.positionCount());
    }

    @Test
    void aTemporarySegmentIsNeverSynced() throws IOException {
        try (SegmentWriter w = SegmentWriter.createTemporary(files, dir.resolve("spill.seg"), TestRows.columns(TYPES),
                SegmentWriterOptions.DEFAULT)) {
            w.append(rows(300_000));
            w.finish();
        }
        assertThat(syncedAt).isEmpty();
    }

    private static Batch rows(int count) {
        BatchBuilder b = new BatchBuilder(TYPES);
        Random rnd = new Random(7);
        for (int i = 0; i < count; i++) {
            b.appendRow((long) i, Long.toHexString(rnd.nextLong()) + Long.toHexString(rnd.nextLong()));
        }
        return b.build();
    }
}
