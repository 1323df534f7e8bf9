package io.shoaldb.storage.partition;

import io.shoaldb.common.error.ErrorCode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.CRC32C;

/**
 * What one data path's marker file records: the node's partition count and which partition indexes
 * live on this path. Text, so an operator can read it; guarded by a CRC32C so a torn or edited file is
 * reported instead of silently re-laid out.
 */
record PartitionLayout(int partitionCount, int[] indexes) {
    private static final String HEADER = "shoaldb-partition-layout 1";

    String describe() {
        return "partitions=" + partitionCount + " indexes=" + Arrays.toString(indexes);
    }

    boolean sameAs(PartitionLayout other) {
        return partitionCount == other.partitionCount && Arrays.equals(indexes, other.indexes);
    }

    byte[] encode() {
        String body = HEADER + "\npartitions=" + partitionCount + "\nindexes="
                + String.join(",", Arrays.stream(indexes).mapToObj(Integer::toString).toList()) + "\n";
        return (body + "crc32c=" + crc(body) + "\n").getBytes(StandardCharsets.UTF_8);
    }

    static PartitionLayout decode(Path file, byte[] bytes) {
        String text = new String(bytes, StandardCharsets.UTF_8);
        int crcAt = text.lastIndexOf("crc32c=");
        if (crcAt < 0) {
            throw ErrorCode.CORRUPT_FILE.exception(file, "no checksum line");
        }
        String body = text.substring(0, crcAt);
        if (!text.substring(crcAt + "crc32c=".length()).trim().equals(Long.toString(crc(body)))) {
            throw ErrorCode.CORRUPT_FILE.exception(file, "checksum mismatch");
        }
        String[] lines = body.split("\n");
        if (lines.length != 3 || !lines[0].equals(HEADER) || !lines[1].startsWith("partitions=")
                || !lines[2].startsWith("indexes=")) {
            throw ErrorCode.CORRUPT_FILE.exception(file, "unrecognised layout marker");
        }
        try {
            int count = Integer.parseInt(lines[1].substring("partitions=".length()));
            String list = lines[2].substring("indexes=".length());
            int[] indexes = list.isEmpty() ? new int[0]
                    : Arrays.stream(list.split(",")).mapToInt(Integer::parseInt).toArray();
            return new PartitionLayout(count, indexes);
        } catch (NumberFormatException e) {
            throw ErrorCode.CORRUPT_FILE.exception(file, "bad number in layout marker");
        }
    }

    private static long crc(String body) {
        CRC32C crc = new CRC32C();
        crc.update(body.getBytes(StandardCharsets.UTF_8));
        return crc.getValue();
    }
}
