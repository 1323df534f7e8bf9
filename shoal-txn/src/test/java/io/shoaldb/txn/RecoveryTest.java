package io.shoaldb.txn;

import static io.shoaldb.txn.Fixture.DB;
import static io.shoaldb.txn.Fixture.load;
import static io.shoaldb.txn.Fixture.rowset;
import static io.shoaldb.txn.Fixture.tables;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.storage.rowset.RowsetMeta;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecoveryTest {
    @TempDir
    Path dir;

    @Test
    void reopenReproducesRecoveredTablesExactly() throws Exception {
        Fixture f = new Fixture(dir);
        Map<Long, RecoveredTable> live;
        try (TransactionManager m = f.open()) {
            load(m, 1, 11);
            load(m, 1, 12);
            load(m, null, Map.of(1L, 11L, 2L, 21L));
            live = snapshot(f.publisher);
        }
        try (TransactionManager m = f.open()) {
            assertThat(m.recoveredTables()).isEqualTo(live);
            assertThat(m.recoveredTables().get(1L).visibleVersion()).isEqualTo(3);
            assertThat(m.visibleVersion(2)).isEqualTo(1);
            assertThat(load(m, 1, 11).versionByTable()).containsEntry(1L, 4L);
        }
    }

    @Test
    void tornCommitRecordAtEveryByteOffsetIsDroppedAndTheNextCommitWorks() throws Exception {
        Fixture f = new Fixture(dir);
        f.options = f.options.withCommitLogSegmentBytes(0); // segments that grow by appending
        try (TransactionManager m = f.open()) {
            load(m, "kept", Map.of(1L, 11L));
        }
        Path segment = onlySegment();
        long before = Files.size(segment);
        long tornTxn;
        try (TransactionManager m = f.open()) {
            tornTxn = load(m, "torn", Map.of(1L, 12L)).txnId();
        }
        byte[] whole = Files.readAllBytes(segment);
        assertThat((long) whole.length).isGreaterThan(before);
        for (long cut = before; cut < whole.length; cut++) {
            Files.write(segment, java.util.Arrays.copyOf(whole, (int) cut));
            assertTornRecordDropped(f, tornTxn, cut);
        }
        Files.write(segment, java.util.Arrays.copyOf(whole, (int) before + 5));
        assertTheLabelCommitsAgain(f);
    }

    /** After a torn commit record was cut at {@code cut}: its transaction and label are gone, version 1 stays. */
    private static void assertTornRecordDropped(Fixture f, long tornTxn, long cut) throws Exception {
        try (TransactionManager m = f.open()) {
            assertThat(m.find(tornTxn)).as("cut at %d", cut).isEmpty();
            assertThat(m.find(DB, "torn")).isEmpty();
            assertThat(m.visibleVersion(1)).isEqualTo(1);
        }
    }

    /** The torn record's label loads again, and its commit survives a reopen. */
    private static void assertTheLabelCommitsAgain(Fixture f) throws Exception {
        try (TransactionManager m = f.open()) {
            assertThat(load(m, "torn", Map.of(1L, 12L)).versionByTable()).containsEntry(1L, 2L);
        }
        try (TransactionManager m = f.open()) {
            assertThat(m.visibleVersion(1)).isEqualTo(2);
            assertThat(m.find(DB, "torn").orElseThrow().state()).isEqualTo(TxnState.VISIBLE);
        }
    }

    @Test
    void tornCommitRecordInAPreallocatedSegmentIsDroppedAtEveryByteOffset() throws Exception {
        Fixture f = new Fixture(dir);
        f.options = f.options.withCommitLogSegmentBytes(64 * 1024);
        try (TransactionManager m = f.open()) {
            load(m, "kept", Map.of(1L, 11L));
        }
        Path segment = onlySegment();
        byte[] kept = Files.readAllBytes(segment);
        assertThat(kept).hasSize(64 * 1024); // the file never grows: records are written over its zeros
        long tornTxn;
        try (TransactionManager m = f.open()) {
            tornTxn = load(m, "torn", Map.of(1L, 12L)).txnId();
        }
        byte[] whole = Files.readAllBytes(segment);
        assertThat(whole).hasSize(64 * 1024);
        int start = java.util.Arrays.mismatch(kept, whole);
        int end = lastNonZero(whole) + 1;
        assertThat(start).isPositive().isLessThan(end);
        for (int cut = start; cut < end; cut++) {
            // What a crash in the middle of the in-place write leaves: the record's first bytes, then the zeros.
            byte[] torn = whole.clone();
            java.util.Arrays.fill(torn, cut, end, (byte) 0);
            Files.write(segment, torn);
            assertTornRecordDropped(f, tornTxn, cut);
        }
        byte[] torn = whole.clone();
        java.util.Arrays.fill(torn, start + 5, end, (byte) 0);
        Files.write(segment, torn);
        assertTheLabelCommitsAgain(f);
    }

    @Test
    void fullPreallocatedSegmentsRollAndEveryCommitSurvivesReopen() throws Exception {
        Fixture f = new Fixture(dir);
        f.options = f.options.withCommitLogSegmentBytes(1024);
        Map<Long, RecoveredTable> live;
        try (TransactionManager m = f.open()) {
            for (int i = 0; i < 20; i++) {
                load(m, "roll" + i, Map.of(1L, 11L));
            }
            live = snapshot(f.publisher);
        }
        List<Path> segments;
        try (Stream<Path> s = Files.list(dir)) {
            segments = s.filter(p -> p.getFileName().toString().startsWith("txnlog-")).sorted().toList();
        }
        assertThat(segments).hasSizeGreaterThan(2);
        for (Path p : segments) {
            assertThat(Files.size(p)).as("%s", p).isEqualTo(1024); // each one a whole preallocated file
        }
        try (TransactionManager m = f.open()) {
            assertThat(m.recoveredTables()).isEqualTo(live);
            assertThat(m.visibleVersion(1)).isEqualTo(20);
            assertThat(m.find(DB, "roll19").orElseThrow().state()).isEqualTo(TxnState.VISIBLE);
            assertThat(load(m, "after", Map.of(1L, 11L)).versionByTable()).containsEntry(1L, 21L);
        }
    }

    @Test
    void garbageAfterTheZeroFilledEndOfAnOlderSegmentRefusesToOpen() throws Exception {
        Fixture f = new Fixture(dir);
        f.options = f.options.withCommitLogSegmentBytes(1024);
        try (TransactionManager m = f.open()) {
            for (int i = 0; i < 20; i++) {
                load(m, "roll" + i, Map.of(1L, 11L));
            }
        }
        Path first;
        try (Stream<Path> s = Files.list(dir)) {
            first = s.filter(p -> p.getFileName().toString().startsWith("txnlog-")).sorted().findFirst().orElseThrow();
        }
        byte[] bytes = Files.readAllBytes(first);
        bytes[bytes.length - 1] = 0x7f; // not a zero-filled end any more, and no valid record follows
        Files.write(first, bytes);
        assertThatThrownBy(f::open)
                .isInstanceOfSatisfying(ShoalException.class,
                        e -> assertThat(e.code()).isEqualTo(ErrorCode.CORRUPT_FILE))
                .hasMessageContaining(first.getFileName().toString());
    }

    private static int lastNonZero(byte[] bytes) {
        for (int i = bytes.length - 1; i >= 0; i--) {
            if (bytes[i] != 0) {
                return i;
            }
        }
        return -1;
    }

    @Test
    void corruptRecordInTheMiddleRefusesToOpen() throws Exception {
        Fixture f = new Fixture(dir);
        try (TransactionManager m = f.open()) {
            load(m, 1, 11);
            load(m, 1, 12);
            load(m, 1, 13);
        }
        Path segment = onlySegment();
        byte[] bytes = Files.readAllBytes(segment);
        int target = indexOf(bytes, "label_") + 3; // inside the first commit record's payload: its label
        try (FileChannel ch = FileChannel.open(segment, StandardOpenOption.WRITE)) {
            ch.write(java.nio.ByteBuffer.wrap(new byte[] {(byte) (bytes[target] ^ 0x55)}), target);
        }
        assertThatThrownBy(f::open)
                .isInstanceOfSatisfying(ShoalException.class,
                        e -> assertThat(e.code()).isEqualTo(ErrorCode.CORRUPT_FILE))
                .hasMessageContaining(segment.getFileName().toString())
                .hasMessageContaining("bad record at offset");
    }

    @Test
    void checkpointThenReopenKeepsEverythingAndDropsOldSegments() throws Exception {
        Fixture f = new Fixture(dir);
        f.options = f.options.withCheckpointEvery(4);
        Map<Long, RecoveredTable> live;
        long lastTxn = 0;
        try (TransactionManager m = f.open()) {
            for (int i = 0; i < 10; i++) {
                lastTxn = load(m, "cp" + i, Map.of(1L + i % 2, 11L)).txnId();
            }
            live = snapshot(f.publisher);
        }
        assertThat(Files.exists(dir.resolve("txn.image"))).isTrue();
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.filter(p -> p.getFileName().toString().startsWith("txnlog-")).count()).isEqualTo(1);
        }
        try (TransactionManager m = f.open()) {
            assertThat(m.recoveredTables()).isEqualTo(live);
            assertThat(m.find(DB, "cp0").orElseThrow().state()).isEqualTo(TxnState.VISIBLE);
            assertThatThrownBy(() -> m.begin(DB, "cp9", tables(1), null)).isInstanceOf(LabelAlreadyExistsException.class);
            assertThat(m.begin(DB, null, tables(1), null).txnId()).isGreaterThan(lastTxn);
        }
    }

    @Test
    void dropAndTruncateAreReplayed() throws Exception {
        Fixture f = new Fixture(dir);
        try (TransactionManager m = f.open()) {
            load(m, 1, 11);
            load(m, 2, 21);
            load(m, 2, 22);
            m.dropTable(1);
            assertThat(f.publisher.drops).containsExactly(1L);
            assertThat(m.truncateTable(2)).isEqualTo(3);
            RecordingPublisher.Publish truncate = f.publisher.publishes.getLast();
            assertThat(truncate.version()).isEqualTo(3);
            assertThat(truncate.added()).isEmpty();
            assertThat(truncate.removed().keySet()).containsExactlyInAnyOrder(21L, 22L);
            assertThatThrownBy(() -> load(m, 1, 11)).hasMessageContaining("Unknown table");
        }
        try (TransactionManager m = f.open()) {
            assertThat(m.recoveredTables()).containsOnlyKeys(2L);
            assertThat(m.recoveredTables().get(2L)).isEqualTo(new RecoveredTable(2, 3, Map.of()));
            assertThat(load(m, 2, 21).versionByTable()).containsEntry(2L, 4L);
            assertThatThrownBy(() -> load(m, 1, 11)).hasMessageContaining("Unknown table");
            m.checkpoint();
        }
        try (TransactionManager m = f.open()) { // the same from the image
            assertThat(m.recoveredTables().keySet()).containsExactly(2L);
            assertThat(m.visibleVersion(2)).isEqualTo(4);
        }
    }

    @Test
    void compactionReplacesInputsKeepsTheVersionAndIsReplayed() throws Exception {
        Fixture f = new Fixture(dir);
        RowsetMeta output;
        try (TransactionManager m = f.open()) {
            load(m, 1, 11);
            load(m, 1, 11);
            load(m, 1, 12);
            List<RowsetMeta> inputs = m.visibleRowsets(1).get(11L);
            output = new RowsetMeta(9_000, 11, 1, 2, 0, List.of("c.dat"), 20, 150);
            new TxnCompactionCommitter(m).commitCompaction(1, 11, inputs, output);
            RecordingPublisher.Publish p = f.publisher.publishes.getLast();
            assertThat(p.version()).isEqualTo(3);
            assertThat(p.added()).isEqualTo(Map.of(11L, List.of(output)));
            assertThat(p.removed()).isEqualTo(Map.of(11L, inputs));
            assertThat(m.visibleVersion(1)).isEqualTo(3);
        }
        try (TransactionManager m = f.open()) {
            RecoveredTable t = m.recoveredTables().get(1L);
            assertThat(t.visibleVersion()).isEqualTo(3);
            assertThat(t.rowsetsByTablet().get(11L)).containsExactly(output);
            assertThat(t.rowsetsByTablet().get(12L)).hasSize(1);
        }
    }

    @Test
    void compactionRacingATruncateIsRejected() throws Exception {
        Fixture f = new Fixture(dir);
        try (TransactionManager m = f.open()) {
            load(m, 1, 11);
            load(m, 1, 11);
            List<RowsetMeta> inputs = m.visibleRowsets(1).get(11L);
            m.truncateTable(1);
            RowsetMeta output = new RowsetMeta(9_001, 11, 1, 2, 0, List.of("c.dat"), 20, 150);
            int before = f.publisher.publishes.size();
            assertThatThrownBy(() -> new TxnCompactionCommitter(m).commitCompaction(1, 11, inputs, output))
                    .isInstanceOfSatisfying(ShoalException.class,
                            e -> assertThat(e.code()).isEqualTo(ErrorCode.COMPACTION_STALE));
            assertThat(f.publisher.publishes).hasSize(before);
        }
        try (TransactionManager m = f.open()) {
            assertThat(m.recoveredTables().get(1L)).isEqualTo(new RecoveredTable(1, 3, Map.of()));
        }
    }

    private Path onlySegment() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().startsWith("txnlog-")).findFirst().orElseThrow();
        }
    }

    private static int indexOf(byte[] bytes, String text) {
        byte[] t = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        outer:
        for (int i = 0; i + t.length <= bytes.length; i++) {
            for (int j = 0; j < t.length; j++) {
                if (bytes[i + j] != t[j]) {
                    continue outer;
                }
            }
            return i;
        }
        throw new AssertionError(text + " not found");
    }

    /** What storage would hold after these publishes: the state replay must reproduce. */
    static Map<Long, RecoveredTable> snapshot(RecordingPublisher p) {
        Map<Long, Long> versions = new java.util.TreeMap<>();
        Map<Long, Map<Long, List<RowsetMeta>>> rowsets = new java.util.TreeMap<>();
        for (RecordingPublisher.Publish pub : p.publishes) {
            versions.put(pub.tableId(), pub.version());
            Map<Long, List<RowsetMeta>> t = rowsets.computeIfAbsent(pub.tableId(), k -> new java.util.TreeMap<>());
            pub.removed().forEach((tablet, rs) -> t.computeIfPresent(tablet, (k, l) -> {
                List<RowsetMeta> kept = new java.util.ArrayList<>(l);
                kept.removeAll(rs);
                return kept;
            }));
            pub.added().forEach((tablet, rs) -> t.computeIfAbsent(tablet, k -> new java.util.ArrayList<>()).addAll(rs));
        }
        Map<Long, RecoveredTable> out = new java.util.HashMap<>();
        versions.forEach((table, v) -> out.put(table, new RecoveredTable(table, v, rowsets.get(table))));
        return out;
    }
}
