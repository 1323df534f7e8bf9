package io.shoaldb.ingest.groupcommit.wal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.storage.segment.SegmentColumn;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.type.DataType;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class WalReaderTest {
    static final WalHeader HEADER = new WalHeader(7, 42, 1001, "group_commit_0000000000000001_0000000000000002",
            List.of(new SegmentColumn(1, DataType.BIGINT), new SegmentColumn(2, DataType.STRING)));

    static Batch rows(long from, int n) {
        BatchBuilder b = new BatchBuilder(List.of(DataType.BIGINT, DataType.STRING));
        for (long k = from; k < from + n; k++) {
            b.appendRow(k, "v" + k);
        }
        return b.build();
    }

    /** A WAL of three records (1, 2 and 3 rows); returns the bytes and the end offset of each record. */
    static byte[] threeRecords(List<Integer> recordEnds, List<Integer> payloadEnds) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        write(out, WalFormat.encodeHeader(HEADER));
        long k = 0;
        for (int n = 1; n <= 3; n++) {
            ByteBuffer r = WalFormat.encodeRecord(n == 2 ? "req-2" : null, rows(k, n));
            k += n;
            int start = out.size();
            write(out, r);
            recordEnds.add(out.size());
            payloadEnds.add(out.size() - 4);
            assertThat(start).isPositive();
        }
        return out.toByteArray();
    }

    private static void write(ByteArrayOutputStream out, ByteBuffer b) {
        byte[] a = new byte[b.remaining()];
        b.get(a);
        out.writeBytes(a);
    }

    @Test
    void aTornTailAtEveryOffsetYieldsExactlyTheCompleteRecords() {
        List<Integer> recordEnds = new ArrayList<>();
        List<Integer> payloadEnds = new ArrayList<>();
        byte[] full = threeRecords(recordEnds, payloadEnds);
        int headerEnd = WalFormat.encodeHeader(HEADER).remaining();
        for (int cut = 0; cut <= full.length; cut++) {
            WalContents c = WalReader.read(Arrays.copyOf(full, cut), "cut@" + cut);
            if (cut < headerEnd) {
                assertThat(c.header()).as("cut %d", cut).isNull();
                continue;
            }
            long expectedRows = 0;
            for (int r = 0; r < 3; r++) {
                // a record counts once its payload is complete, even with its checksum cut off (Doris 4.1.5)
                if (cut >= payloadEnds.get(r)) {
                    expectedRows += r + 1;
                }
            }
            assertThat(c.rows()).as("rows at cut %d", cut).isEqualTo(expectedRows);
            assertThat(c.header()).isEqualTo(HEADER);
        }
        WalContents whole = WalReader.read(full, "whole");
        assertThat(whole.records()).extracting(WalRecord::requestId).containsExactly(null, "req-2", null);
        assertThat(whole.records()).allMatch(WalRecord::checksumVerified);
        assertThat(whole.tailNote()).isEmpty();
    }

    @Test
    void aCorruptMiddleRecordKeepsTheValidPrefixAndIsReportedAsDamage() {
        List<Integer> recordEnds = new ArrayList<>();
        byte[] full = threeRecords(recordEnds, new ArrayList<>());
        full[recordEnds.get(0) + 20] ^= 0x5a; // inside the second record's payload; the third stays valid
        WalContents c = WalReader.read(full, "bad");
        assertThat(c.rows()).isEqualTo(1);
        assertThat(c.damaged()).isTrue();
        assertThat(c.damage()).contains("checksum failed").contains("offset " + recordEnds.get(0))
                .contains("valid record at offset " + recordEnds.get(1));
    }

    @Test
    void garbageAppendedAfterTheLastRecordIsATornTailNotCorruption() {
        List<Integer> recordEnds = new ArrayList<>();
        byte[] full = threeRecords(recordEnds, new ArrayList<>());
        Random random = new Random(11);
        for (int trial = 0; trial < 2000; trial++) {
            byte[] garbage = new byte[1 + random.nextInt(64)];
            random.nextBytes(garbage);
            if (trial % 4 == 0) {
                garbage[0] = (byte) 0xff; // a negative length
            } else if (trial % 4 == 1 && garbage.length >= 12) {
                garbage[0] = 4; // a small length whose payload and checksum are all there but wrong
                garbage[1] = garbage[2] = garbage[3] = 0;
            }
            byte[] torn = Arrays.copyOf(full, full.length + garbage.length);
            System.arraycopy(garbage, 0, torn, full.length, garbage.length);
            WalContents c = WalReader.read(torn, "garbage " + trial);
            assertThat(c.rows()).as("trial %d: %s", trial, Arrays.toString(garbage)).isEqualTo(6);
            assertThat(c.damaged()).as("trial %d", trial).isFalse();
        }
    }

    @Test
    void aDamagedLastRecordIsATornTail() {
        List<Integer> recordEnds = new ArrayList<>();
        byte[] full = threeRecords(recordEnds, new ArrayList<>());
        for (int at = recordEnds.get(1); at < full.length; at++) {
            byte[] torn = full.clone();
            torn[at] ^= 0x21;
            WalContents c = WalReader.read(torn, "flip@" + at);
            assertThat(c.rows()).as("flip at %d", at).isEqualTo(3);
            assertThat(c.damaged()).isFalse();
        }
    }

    @Test
    void aHeaderWithABadChecksumIsTornWhenNothingFollowsAndCorruptWhenRecordsDo() {
        List<Integer> recordEnds = new ArrayList<>();
        byte[] full = threeRecords(recordEnds, new ArrayList<>());
        int headerEnd = WalFormat.encodeHeader(HEADER).remaining();
        byte[] headerOnly = Arrays.copyOf(full, headerEnd);
        headerOnly[headerEnd - 5] ^= 1;
        assertThat(WalReader.read(headerOnly, "torn header").header()).isNull();
        byte[] damaged = full.clone();
        damaged[headerEnd - 5] ^= 1;
        assertThatThrownBy(() -> WalReader.read(damaged, "bad header"))
                .isInstanceOfSatisfying(ShoalException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.CORRUPT_FILE))
                .hasMessageContaining("header checksum failed");
    }

    @Test
    void aZeroFilledTailEndsTheFile() {
        List<Integer> recordEnds = new ArrayList<>();
        byte[] full = threeRecords(recordEnds, new ArrayList<>());
        byte[] padded = Arrays.copyOf(full, full.length + 100);
        assertThat(WalReader.read(padded, "padded").rows()).isEqualTo(6);
    }
}
