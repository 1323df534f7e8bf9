package io.shoaldb.ingest.groupcommit.wal;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads a whole WAL file with Doris 4.1.5's torn-tail rule: an incomplete trailing length or payload is the
 * end of the file (an append that never finished, so never acknowledged); a trailing payload that is complete
 * but whose checksum field was cut off is still returned (unverified). A checksum mismatch on a complete
 * record, an unknown magic or version, or a complete header with a bad checksum is corruption: it throws
 * CORRUPT_FILE and the replayer sets the file aside. A zero-filled tail (the file system extended the file
 * but the data never landed) also counts as the end.
 */
public final class WalReader {
    private static final Logger LOG = LoggerFactory.getLogger(WalReader.class);

    private WalReader() {
    }

    public static WalContents read(byte[] file, String source) {
        ByteBuffer b = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        if (b.remaining() >= 4 && !Arrays.equals(Arrays.copyOf(file, 4), WalFormat.MAGIC)) {
            throw ErrorCode.CORRUPT_FILE.exception(source, "magic number does not match");
        }
        if (b.remaining() < 12) {
            return new WalContents(null, List.of(), "incomplete wal header (" + file.length + " bytes)");
        }
        b.position(4);
        int version = b.getInt();
        if (version != WalFormat.FORMAT_VERSION) {
            throw ErrorCode.CORRUPT_FILE.exception(source, "unknown WAL format version " + version);
        }
        int bodyLength = b.getInt();
        if (bodyLength < 0) {
            throw ErrorCode.CORRUPT_FILE.exception(source, "negative header length");
        }
        if (b.remaining() < (long) bodyLength + 4) {
            return new WalContents(null, List.of(), "incomplete wal header, field=body, expected_bytes="
                    + (bodyLength + 4) + ", actual_bytes=" + b.remaining());
        }
        int bodyStart = b.position();
        int expected = b.getInt(bodyStart + bodyLength);
        if (WalFormat.crc(file, bodyStart, bodyLength) != expected) {
            throw ErrorCode.CORRUPT_FILE.exception(source, "header checksum failed");
        }
        WalHeader header = WalFormat.decodeHeaderBody(b.slice(bodyStart, bodyLength).order(ByteOrder.LITTLE_ENDIAN),
                source);
        b.position(bodyStart + bodyLength + 4);

        List<WalRecord> records = new ArrayList<>();
        String tail = "";
        while (b.hasRemaining()) {
            int at = b.position();
            if (b.remaining() < 4) {
                tail = "ignore incomplete wal tail: " + b.remaining() + " bytes of a length field at offset " + at;
                break;
            }
            int length = b.getInt();
            if (length <= 0) {
                if (length == 0 && allZero(file, at)) {
                    tail = "ignore zero-filled wal tail at offset " + at;
                    break;
                }
                throw ErrorCode.CORRUPT_FILE.exception(source, "bad record length " + length + " at offset " + at);
            }
            if (length > b.remaining()) {
                tail = "ignore incomplete wal tail: record at offset " + at + " declares " + length + " bytes, "
                        + b.remaining() + " remain";
                break;
            }
            int payloadStart = b.position();
            ByteBuffer payload = b.slice(payloadStart, length).order(ByteOrder.LITTLE_ENDIAN);
            b.position(payloadStart + length);
            if (b.remaining() < 4) {
                // The body is complete; only (part of) its checksum is missing. Doris replays such a block.
                try {
                    records.add(WalFormat.decodePayload(payload, false, source));
                    tail = "replay wal block without complete checksum at offset " + at;
                } catch (ShoalException e) {
                    tail = "ignore incomplete wal tail: unverified record at offset " + at + " does not decode";
                }
                b.position(b.limit());
                break;
            }
            int crc = b.getInt();
            int computed = WalFormat.crc(file, payloadStart, length);
            if (crc != computed) {
                throw ErrorCode.CORRUPT_FILE.exception(source, String.format(
                        "checksum failed for record at offset %d, computed checksum=%08x, expected=%08x", at,
                        computed, crc));
            }
            records.add(WalFormat.decodePayload(payload, true, source));
        }
        if (!tail.isEmpty()) {
            LOG.warn("{}: {}", source, tail);
        }
        return new WalContents(header, records, tail);
    }

    private static boolean allZero(byte[] file, int from) {
        for (int i = from; i < file.length; i++) {
            if (file[i] != 0) {
                return false;
            }
        }
        return true;
    }
}
