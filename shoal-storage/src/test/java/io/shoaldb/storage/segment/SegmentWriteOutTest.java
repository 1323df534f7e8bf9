package io.shoaldb.storage.segment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.common.error.ShoalException;
import io.shoaldb.common.io.ForwardingFiles;
import io.shoaldb.common.io.PowerLossFiles;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.type.DataType;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A durable segment goes to the device a few megabytes at a time while it is written, not in one burst at its end:
 * every fsync comes at most {@link SegmentOutput.FileOutput#SYNC_BYTES} (plus the page that crossed it) after the
 * one before. A temporary segment (a spill run) is never synced. What those syncs leave behind when the power goes
 * mid-write is a durable prefix, which must never read as a segment.
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
        try (SegmentWriter w = SegmentWriter.create(files, file, TestRows.columns(TYPES),
                SegmentWriterOptions.DEFAULT)) {
            w.append(rows);
            w.finish();
        }
        long size = Files.size(file);
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

    /**
     * The power goes at a random point of writing a segment (what was fsynced survives, plus a random prefix of
     * the rest). A segment whose {@code finish} returned reads back whole; one cut before that is gone or refused as
     * corrupt, however much of it the syncs along the way made durable.
     */
    @Test
    void aSegmentCutByPowerLossIsWholeOnceFinishedAndNeverReadsBeforeThat() throws IOException {
        Batch rows = rows(150_000); // about 4.5 MB: two syncs on the way
        Random random = new Random(20261204);
        int finished = 0;
        int cut = 0;
        long longestCut = 0;
        for (int round = 0; round < 20; round++) {
            Path root = Files.createDirectories(dir.resolve("power-" + round));
            PowerLossFiles machine = new PowerLossFiles(root);
            machine.crashAfter(1 + random.nextInt(60));
            Path file = root.resolve("cut.seg");
            boolean done = false;
            try (SegmentWriter w = SegmentWriter.create(machine, file, TestRows.columns(TYPES),
                    SegmentWriterOptions.DEFAULT)) {
                w.append(rows);
                w.finish();
                done = true;
            } catch (RuntimeException crashed) {
                assertThat(machine.isDown()).as("round %d failed without a crash", round).isTrue();
            }
            machine.powerLoss(random);
            if (done) {
                finished++;
                assertThat(TestRows.readAll(file, new int[] {0}, ZoneMapPredicate.ALWAYS))
                        .hasSize(rows.positionCount());
            } else if (Files.exists(file)) {
                cut++;
                longestCut = Math.max(longestCut, Files.size(file));
                assertThatThrownBy(() -> SegmentReader.open(TestRows.FILES, file, SegmentCache.NONE).close())
                        .isInstanceOf(ShoalException.class);
            }
        }
        assertThat(finished).as("rounds whose segment was finished").isPositive();
        assertThat(cut).as("rounds that left part of a segment behind").isPositive();
        assertThat(longestCut).as("a cut segment with a synced prefix")
                .isGreaterThanOrEqualTo(SegmentOutput.FileOutput.SYNC_BYTES);
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
