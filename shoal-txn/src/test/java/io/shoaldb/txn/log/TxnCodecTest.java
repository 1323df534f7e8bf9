package io.shoaldb.txn.log;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shoaldb.storage.rowset.InlineSegment;
import io.shoaldb.storage.rowset.RowsetMeta;
import io.shoaldb.storage.segment.SegmentImage;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TxnCodecTest {
    private static TxnEntry commitEntry() {
        RowsetMeta inline = new RowsetMeta(71, 1001, 5, 5, 42, List.of("71_0.dat", "71_1.dat"), 3, 9,
                List.of(InlineSegment.whole(new byte[] {1, 2, 3, 4}), InlineSegment.whole(new byte[] {0, -1, 127, -128, 5})));
        RowsetMeta files = new RowsetMeta(72, 1002, 5, 5, 42, List.of("72_0.dat"), 100, 4096);
        RowsetMeta empty = new RowsetMeta(73, 2001, 9, 9, 42, List.of(), 0, 0);
        TxnRecord.Commit commit = new TxnRecord.Commit(
                new CommittedTxn(42, 7, "group_commit_é€😀", 1_700_000_000_000L, 1_700_000_000_123L, Set.of(11L, 12L)),
                List.of(new TxnRecord.TableCommit(11, 5, Map.of(1001L, inline, 1002L, files)),
                        new TxnRecord.TableCommit(12, 9, Map.of(2001L, empty))));
        return new TxnEntry(123_456_789L, commit);
    }

    @Test
    void commitRecordsRoundTripInTheBinaryLayout() throws IOException {
        TxnEntry entry = commitEntry();
        byte[] payload = TxnCodec.INSTANCE.encode(entry);
        assertTrue(CommitCodec.isBinary(payload));
        assertSameEntry(entry, TxnCodec.INSTANCE.decode(payload));
    }

    @Test
    void smileCommitRecordsOfEarlierLogsStillRead() throws IOException {
        TxnEntry entry = commitEntry();
        byte[] smile = TxnCodec.write(entry);
        assertEquals(':', smile[0]); // Smile's header, which no binary record starts with
        assertSameEntry(entry, TxnCodec.INSTANCE.decode(smile));
    }

    @Test
    void rowsetsSharingAnImageCarryItOnceAndShareItAgainWhenRead() throws IOException {
        Map<Long, RowsetMeta> rowsets = SharedImages.rowsets(500, 1001, 3, 7);
        TxnEntry entry = new TxnEntry(9, new TxnRecord.Commit(new CommittedTxn(42, 7, "l", 1, 2, Set.of(11L)),
                List.of(new TxnRecord.TableCommit(11, 5, rowsets))));
        byte[] payload = TxnCodec.INSTANCE.encode(entry);
        int image = rowsets.get(1001L).inlineSegments().getFirst().image().size();
        assertTrue(payload.length < image + 1000, payload.length + " bytes for an image of " + image);
        TxnEntry decoded = TxnCodec.INSTANCE.decode(payload);
        assertSameEntry(entry, decoded);
        Map<Long, RowsetMeta> got = ((TxnRecord.Commit) decoded.record()).tables().getFirst().rowsets();
        SegmentImage shared = got.get(1001L).inlineSegments().getFirst().image();
        for (int t = 0; t < 3; t++) {
            RowsetMeta r = got.get(1001L + t);
            assertSame(shared, r.inlineSegments().getFirst().image());
            assertEquals(SharedImages.expected(t, 7), SharedImages.values(r));
        }
    }

    @Test
    void binaryRecordsOfTheFirstLayoutStillRead() throws IOException {
        // version 1: no image table, each rowset's images in place (one whole image here)
        byte[] image = {9, 8, 7};
        byte[] label = "old".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] name = "71_0.seg".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        java.nio.ByteBuffer v1 = java.nio.ByteBuffer.allocate(512);
        v1.put((byte) 1).putLong(77).putLong(42).putLong(7).putInt(label.length).put(label).putLong(1).putLong(2)
                .putInt(1).putLong(11)
                .putInt(1).putLong(11).putLong(5).putInt(1).putLong(1001)
                .putLong(71).putLong(1001).putLong(5).putLong(5).putLong(42).putInt(1).putInt(name.length).put(name)
                .putLong(3).putLong(3).putInt(1).putInt(image.length).put(image);
        TxnEntry decoded = TxnCodec.INSTANCE.decode(Arrays.copyOf(v1.array(), v1.position()));
        RowsetMeta r = ((TxnRecord.Commit) decoded.record()).tables().getFirst().rowsets().get(1001L);
        assertEquals(List.of("71_0.seg"), r.segmentFiles());
        assertTrue(r.inlineSegments().getFirst().isWhole());
        assertArrayEquals(image, r.inlineSegments().getFirst().image().bytes());
    }

    @Test
    void otherRecordsStayInSmile() throws IOException {
        TxnEntry entry = new TxnEntry(3, new TxnRecord.IdBlock(5000));
        byte[] payload = TxnCodec.INSTANCE.encode(entry);
        assertEquals(':', payload[0]);
        assertEquals(entry, TxnCodec.INSTANCE.decode(payload));
    }

    @Test
    void damagedBinaryRecordsAreRefusedNotMisread() {
        byte[] payload = TxnCodec.INSTANCE.encode(commitEntry());
        for (int cut = 1; cut < payload.length; cut += 7) {
            byte[] shorter = Arrays.copyOf(payload, cut);
            assertThrows(IOException.class, () -> TxnCodec.INSTANCE.decode(shorter), "cut at " + cut);
        }
        byte[] longer = Arrays.copyOf(payload, payload.length + 1);
        assertThrows(IOException.class, () -> TxnCodec.INSTANCE.decode(longer));
        byte[] hugeCount = payload.clone();
        // the label's length field follows the version byte, the sequence, the txn id and the database id
        hugeCount[1 + 3 * Long.BYTES] = 0x7f;
        assertThrows(IOException.class, () -> TxnCodec.INSTANCE.decode(hugeCount));
    }

    private static void assertSameEntry(TxnEntry expected, TxnEntry actual) {
        assertEquals(expected.sequence(), actual.sequence());
        TxnRecord.Commit e = (TxnRecord.Commit) expected.record();
        TxnRecord.Commit a = assertInstanceOf(TxnRecord.Commit.class, actual.record());
        assertEquals(e.txn(), a.txn());
        assertEquals(e.tables().size(), a.tables().size());
        for (int i = 0; i < e.tables().size(); i++) {
            TxnRecord.TableCommit et = e.tables().get(i);
            TxnRecord.TableCommit at = a.tables().get(i);
            assertEquals(et.tableId(), at.tableId());
            assertEquals(et.version(), at.version());
            assertEquals(et.rowsets().keySet(), at.rowsets().keySet());
            et.rowsets().forEach((tablet, r) -> {
                RowsetMeta got = at.rowsets().get(tablet);
                assertEquals(List.of(r.rowsetId(), r.tabletId(), r.startVersion(), r.endVersion(), r.txnId(),
                        r.rowCount(), r.dataBytes()), List.of(got.rowsetId(), got.tabletId(), got.startVersion(),
                        got.endVersion(), got.txnId(), got.rowCount(), got.dataBytes()));
                assertEquals(r.segmentFiles(), got.segmentFiles());
                assertEquals(r.inlineSegments().size(), got.inlineSegments().size());
                for (int s = 0; s < r.inlineSegments().size(); s++) {
                    InlineSegment want = r.inlineSegments().get(s);
                    InlineSegment was = got.inlineSegments().get(s);
                    assertArrayEquals(want.image().bytes(), was.image().bytes());
                    assertEquals(List.of(want.fromPage(), want.toPage()), List.of(was.fromPage(), was.toPage()));
                }
            });
        }
    }
}
