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
    void aCorruptMiddleRecordIsAnErrorNotATail() {
        List<Integer> recordEnds = new ArrayList<>();
        byte[] full = threeRecords(recordEnds, new ArrayList<>());
        full[recordEnds.get(0) + 20] ^= 0x5a; // inside the second record's payload
        assertThatThrownBy(() -> WalReader.read(full, "bad"))
                .isInstanceOfSatisfying(ShoalException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.CORRUPT_FILE))
                .hasMessageContaining("checksum failed");
    }

    @Test
    void aZeroFilledTailEndsTheFile() {
        List<Integer> recordEnds = new ArrayList<>();
        byte[] full = threeRecords(recordEnds, new ArrayList<>());
        byte[] padded = Arrays.copyOf(full, full.length + 100);
        assertThat(WalReader.read(padded, "padded").rows()).isEqualTo(6);
    }
}
