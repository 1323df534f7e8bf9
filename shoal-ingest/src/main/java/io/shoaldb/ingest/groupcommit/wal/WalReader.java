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
 * Reads a whole WAL file. Every load acknowledged from it was fsynced before its ack and lies in the valid
 * prefix, so reading never gives up that prefix:
 * <ul>
 * <li>a torn tail - an incomplete trailing length or payload, a zero-filled tail, or a damaged record with no
 *     valid record anywhere after it (an append cut by a crash, never acknowledged) - is the end of the file;
 *     a trailing payload that is complete but whose checksum field was cut off is still returned (Doris
 *     4.1.5);</li>
 * <li>a damaged record followed by a valid one cannot be a torn tail (an append never overwrites): it is
 *     corruption, reported in {@link WalContents#damage()} with the valid prefix still returned;</li>
 * <li>an unknown magic or version, or a header with a bad checksum followed by valid records, throws
 *     CORRUPT_FILE (nothing can be decoded without the header). A bad header with nothing valid after it is
 *     a header that never became durable, so the file never acknowledged anything.</li>
 * </ul>
 * The same rule as the catalog journal's ({@code SegmentLog}).
 */
public final class WalReader {
    private static final Logger LOG = LoggerFactory.getLogger(WalReader.class);
    private static final String ZERO_TAIL = "ignore zero-filled wal tail at offset ";

    private WalReader() {
    }

    public static WalContents read(byte[] file, String source) {
        ByteBuffer b = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        if (b.remaining() >= 4 && !Arrays.equals(Arrays.copyOf(file, 4), WalFormat.MAGIC)) {
            if (b.getInt(0) == 0 && validRecordFrom(file, 4) < 0) {
                // A preallocated file whose header never became durable (or a recycled one caught before its
                // rename): no record in it was ever acknowledged.
                return new WalContents(null, List.of(), "incomplete wal header: zero-filled", "");
            }
            throw ErrorCode.CORRUPT_FILE.exception(source, "magic number does not match");
        }
        if (b.remaining() < 12) {
            return new WalContents(null, List.of(), "incomplete wal header (" + file.length + " bytes)", "");
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
                    + (bodyLength + 4) + ", actual_bytes=" + b.remaining(), "");
        }
        int bodyStart = b.position();
        int expected = b.getInt(bodyStart + bodyLength);
        if (WalFormat.crc(file, bodyStart, bodyLength) != expected) {
            if (validRecordFrom(file, bodyStart) < 0) {
                return new WalContents(null, List.of(), "torn wal header: checksum failed and no record follows",
                        "");
            }
            throw ErrorCode.CORRUPT_FILE.exception(source, "header checksum failed");
        }
        WalHeader header = WalFormat.decodeHeaderBody(b.slice(bodyStart, bodyLength).order(ByteOrder.LITTLE_ENDIAN),
                source);
        b.position(bodyStart + bodyLength + 4);

        List<WalRecord> records = new ArrayList<>();
        String tail = "";
        String damage = "";
        while (b.hasRemaining()) {
            int at = b.position();
            if (b.remaining() < 4) {
                tail = "ignore incomplete wal tail: " + b.remaining() + " bytes of a length field at offset " + at;
                break;
            }
            int length = b.getInt();
            if (length == 0 && allZero(file, at)) {
                tail = ZERO_TAIL + at;
                break;
            }
            if (length > 0 && length > b.remaining()) {
                tail = "ignore incomplete wal tail: record at offset " + at + " declares " + length + " bytes, "
                        + b.remaining() + " remain";
                break;
            }
            if (length > 0 && b.remaining() - length < 4) {
                // The body is complete; only (part of) its checksum is missing. Doris replays such a block.
                ByteBuffer payload = b.slice(b.position(), length).order(ByteOrder.LITTLE_ENDIAN);
                try {
                    records.add(WalFormat.decodePayload(payload, false, source));
                    tail = "replay wal block without complete checksum at offset " + at;
                } catch (ShoalException e) {
                    tail = "ignore incomplete wal tail: unverified record at offset " + at + " does not decode";
                }
                break;
            }
            String bad = length <= 0 ? "bad record length " + length
                    : checksumProblem(file, b.position(), length);
            WalRecord record = null;
            if (bad == null) {
                try {
                    record = WalFormat.decodePayload(b.slice(b.position(), length).order(ByteOrder.LITTLE_ENDIAN),
                            true, source);
                } catch (ShoalException e) {
                    bad = "record passes its checksum but does not decode: " + e.getMessage();
                }
            }
            if (bad != null) {
                int next = validRecordFrom(file, at + 1);
                if (next < 0) {
                    tail = "ignore torn wal tail at offset " + at + " (" + bad + ", " + (file.length - at)
                            + " bytes, no valid record after it)";
                } else {
                    damage = "corrupt record at offset " + at + " (" + bad + ") followed by a valid record at offset "
                            + next + "; the " + records.size() + " records before it are kept";
                }
                break;
            }
            records.add(record);
            b.position(b.position() + length + 4);
        }
        if (!damage.isEmpty()) {
            LOG.error("{}: {}", source, damage);
        } else if (tail.startsWith(ZERO_TAIL)) {
            LOG.debug("{}: {}", source, tail); // the unused end of a preallocated file
        } else if (!tail.isEmpty()) {
            LOG.warn("{}: {}", source, tail);
        }
        return new WalContents(header, records, tail, damage);
    }

    /** Null when the checksum after the payload at {@code payloadStart} matches, else what is wrong. */
    private static String checksumProblem(byte[] file, int payloadStart, int length) {
        int crc = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN).getInt(payloadStart + length);
        int computed = WalFormat.crc(file, payloadStart, length);
        return crc == computed ? null
                : String.format("checksum failed, computed checksum=%08x, expected=%08x", computed, crc);
    }

    /**
     * The first offset at or after {@code from} where a whole record with a matching checksum starts, or -1.
     * Only such a record proves that the damage before it is not a torn tail.
     */
    static int validRecordFrom(byte[] file, int from) {
        ByteBuffer b = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        for (int p = from; p + WalFormat.RECORD_OVERHEAD < file.length; p++) {
            int length = b.getInt(p);
            if (length > 0 && length <= file.length - p - WalFormat.RECORD_OVERHEAD
                    && checksumProblem(file, p + 4, length) == null) {
                return p;
            }
        }
        return -1;
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
