package io.shoaldb.ingest.format;

/**
 * How large one input record may be. A decoder holds a whole record in memory (a CSV line, a JSON document:
 * one line with {@code read_json_by_line}, else the whole body), so without a bound one record in a body of any
 * size (or in a small compressed body) could exhaust the heap. A decoder that meets a larger record fails the
 * load with {@link RecordTooLargeException} before buffering more than the limit.
 *
 * @param csvLineMaxBytes ShoalDB's {@code streaming_load_csv_line_max_mb}: the longest CSV line
 * @param jsonMaxBytes Doris's {@code streaming_load_json_max_mb}: the largest JSON document (Doris applies it to
 *     a whole-body JSON load; ShoalDB also to each line with {@code read_json_by_line})
 */
public record RecordLimits(long csvLineMaxBytes, long jsonMaxBytes) {
    /** Doris's default for {@code streaming_load_json_max_mb}; CSV lines get the same bound. */
    public static final long DEFAULT_MB = 100;
    /** A record is held in one byte array, with room for its delimiter. */
    public static final long MAX_BYTES = Integer.MAX_VALUE - 1024;
    public static final RecordLimits DEFAULTS = ofMb(DEFAULT_MB, DEFAULT_MB);

    public RecordLimits {
        if (csvLineMaxBytes < 1 || jsonMaxBytes < 1 || csvLineMaxBytes > MAX_BYTES || jsonMaxBytes > MAX_BYTES) {
            throw new IllegalArgumentException("record limits must be between 1 and " + MAX_BYTES + " bytes: csv "
                    + csvLineMaxBytes + ", json " + jsonMaxBytes);
        }
    }

    public static RecordLimits ofMb(long csvLineMaxMb, long jsonMaxMb) {
        return new RecordLimits(csvLineMaxMb << 20, jsonMaxMb << 20);
    }

    /**
     * The buffer to continue a record that filled {@code buf}: twice as large, but no larger than a record at the
     * limit plus its delimiter; null when {@code buf} is that large already, so the record is over the limit.
     */
    public static byte[] grown(byte[] buf, long maxRecordBytes, int delimiterLength) {
        long cap = Math.min(Integer.MAX_VALUE - 8, maxRecordBytes + delimiterLength);
        if (buf.length >= cap) {
            return null;
        }
        return java.util.Arrays.copyOf(buf, (int) Math.min(cap, buf.length * 2L));
    }
}
