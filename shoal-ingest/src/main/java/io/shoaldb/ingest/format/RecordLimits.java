package io.shoaldb.ingest.format;

import java.util.Arrays;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * How large one input record may be. A decoder holds a whole record in memory (a CSV line, a JSON document:
 * one line with {@code read_json_by_line}, else the whole body), so without a bound one record in a body of any
 * size (or in a small compressed body) could exhaust the heap. A decoder that meets a larger record fails the
 * load with {@link RecordTooLargeException} before buffering more than the limit.
 *
 * @param csvLineMaxBytes ShoalDB's {@code streaming_load_csv_line_max_mb}: the longest CSV line
 * @param jsonMaxBytes Doris's {@code streaming_load_json_max_mb}: the largest JSON document (Doris applies it to
 *     a whole-body JSON load; ShoalDB also to each line with {@code read_json_by_line})
 * @param budget what the decoders of all loads together may hold for large records
 */
public record RecordLimits(long csvLineMaxBytes, long jsonMaxBytes, RecordBufferBudget budget) {
    /** Doris's default for {@code streaming_load_json_max_mb}; CSV lines get the same bound. */
    public static final long DEFAULT_MB = 100;
    /** A record is held in one byte array, with room for its delimiter. */
    public static final long MAX_BYTES = Integer.MAX_VALUE - 1024;
    /** The default limits with no budget across loads: for tools and tests that run one load at a time. */
    public static final RecordLimits DEFAULTS = ofMb(DEFAULT_MB, DEFAULT_MB, RecordBufferBudget.unlimited());

    public RecordLimits {
        if (csvLineMaxBytes < 1 || jsonMaxBytes < 1 || csvLineMaxBytes > MAX_BYTES || jsonMaxBytes > MAX_BYTES) {
            throw new IllegalArgumentException("record limits must be between 1 and " + MAX_BYTES + " bytes: csv "
                    + csvLineMaxBytes + ", json " + jsonMaxBytes);
        }
        Objects.requireNonNull(budget, "budget");
    }

    /** Per-load limits only, no budget across loads. */
    public RecordLimits(long csvLineMaxBytes, long jsonMaxBytes) {
        this(csvLineMaxBytes, jsonMaxBytes, RecordBufferBudget.unlimited());
    }

    public static RecordLimits ofMb(long csvLineMaxMb, long jsonMaxMb, RecordBufferBudget budget) {
        return new RecordLimits(csvLineMaxMb << 20, jsonMaxMb << 20, budget);
    }

    /**
     * The buffer to continue a record that filled {@code buf}: twice as large, but no larger than a record at the
     * limit plus its delimiter, and only if the {@link #budget()} has room for the growth (a buffer larger than
     * {@code baseBytes}, a decoder's first one, is held against it). Throws when the record is over the limit
     * ({@code tooLarge}) or the budget is full.
     */
    public byte[] grown(byte[] buf, long maxRecordBytes, int delimiterLength, int baseBytes,
            Supplier<RecordTooLargeException> tooLarge) throws RecordTooLargeException {
        long cap = Math.min(Integer.MAX_VALUE - 8, maxRecordBytes + delimiterLength);
        if (buf.length >= cap) {
            throw tooLarge.get();
        }
        int size = (int) Math.min(cap, buf.length * 2L);
        long held = Math.max(0, buf.length - baseBytes);
        budget.reserve(Math.max(0, size - baseBytes) - held);
        return Arrays.copyOf(buf, size);
    }

    /** Gives back what a decoder's buffer of {@code length} held against the budget; called when it closes. */
    public void release(int length, int baseBytes) {
        budget.release(Math.max(0, length - baseBytes));
    }
}
