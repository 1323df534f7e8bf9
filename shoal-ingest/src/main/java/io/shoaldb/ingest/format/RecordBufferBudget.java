package io.shoaldb.ingest.format;

import io.shoaldb.common.error.ErrorCode;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The memory that decoders of all running loads together may hold for large records: what their buffers grew by
 * beyond the first one. A record limit bounds one load; this bounds many loads sending large records at once,
 * which would otherwise each take up to a record limit. A decoder that cannot grow within it fails its load
 * ({@link RecordTooLargeException}); the others go on. Thread-safe.
 */
public final class RecordBufferBudget {
    private final long limitBytes;
    private final AtomicLong used = new AtomicLong();

    /** @param limitBytes ShoalDB's {@code streaming_load_record_buffer_mem_limit} */
    public RecordBufferBudget(long limitBytes) {
        if (limitBytes < 1) {
            throw new IllegalArgumentException("limitBytes must be positive: " + limitBytes);
        }
        this.limitBytes = limitBytes;
    }

    /** No bound beyond the record limits: for tools and tests that run one load at a time. */
    public static RecordBufferBudget unlimited() {
        return new RecordBufferBudget(Long.MAX_VALUE);
    }

    /** Takes {@code bytes} more, or throws when that would pass the limit (and takes nothing). */
    void reserve(long bytes) throws RecordTooLargeException {
        while (true) {
            long now = used.get();
            if (now + bytes > limitBytes) {
                throw new RecordTooLargeException(ErrorCode.LOAD_RECORD_BUFFERS_FULL.format(bytes, now, limitBytes));
            }
            if (used.compareAndSet(now, now + bytes)) {
                return;
            }
        }
    }

    void release(long bytes) {
        used.addAndGet(-bytes);
    }

    /** Bytes held now by all decoders. */
    public long used() {
        return used.get();
    }
}
