package io.shoaldb.server.streamload;

import io.shoaldb.ingest.format.RecordLimits;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Node settings of Stream Load.
 *
 * @param errorLogDir where rejected rows of loads are written (served by {@code /api/_load_error_log}); e.g.
 *     {@code <first storage path>/error_log}
 * @param maxErrorRows rejected rows kept per load, with their reasons, for the error log (all are counted)
 * @param errorLogRetention how long error-log files are kept (Doris's {@code load_error_log_reserve_hours}: 48 h)
 * @param defaultTimeout Doris's {@code stream_load_default_timeout_second} (3 days): transaction timeout when
 *     the request has no {@code timeout} header; also how long a two-phase load waits for its commit
 * @param groupCommitBufferBytes a group-commit body up to this many input bytes is decoded into one batch in
 *     memory and handed to the group-commit queue; a larger body is written to storage as it is read, in a
 *     transaction of its own (see {@code GroupCommitLoad})
 * @param httpAddress {@code host:port} of this node's HTTP port for {@code ErrorURL} when the request has no
 *     usable {@code Host} header (called per load: the port may be bound after this service is built)
 * @param backendHostPort this node's name in {@code get_wal_size} (Doris lists backends as {@code host:port})
 * @param recordLimits the largest CSV line and JSON document a body may hold ({@code streaming_load_csv_line_max_mb},
 *     {@code streaming_load_json_max_mb})
 * @param decodeThreads threads that may decode one large CSV body at once ({@code streaming_load_decode_threads})
 */
public record StreamLoadOptions(Path errorLogDir, int maxErrorRows, Duration errorLogRetention,
        Duration defaultTimeout, long groupCommitBufferBytes, Supplier<String> httpAddress, String backendHostPort,
        RecordLimits recordLimits, int decodeThreads) {
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(259200);
    public static final int DEFAULT_MAX_ERROR_ROWS = 1000;
    public static final Duration DEFAULT_ERROR_LOG_RETENTION = Duration.ofHours(48);
    public static final long DEFAULT_GROUP_COMMIT_BUFFER_BYTES = 32L << 20;
    /** One decoding thread per core but one: that one is the load's writer's, the stage no other thread can share. */
    public static final int DEFAULT_DECODE_THREADS = Math.max(1, Runtime.getRuntime().availableProcessors() - 1);

    public StreamLoadOptions {
        Objects.requireNonNull(errorLogDir, "errorLogDir");
        Objects.requireNonNull(httpAddress, "httpAddress");
        Objects.requireNonNull(backendHostPort, "backendHostPort");
        Objects.requireNonNull(recordLimits, "recordLimits");
        if (maxErrorRows < 1) {
            throw new IllegalArgumentException("maxErrorRows must be positive: " + maxErrorRows);
        }
        if (defaultTimeout.isNegative() || defaultTimeout.isZero()) {
            throw new IllegalArgumentException("defaultTimeout must be positive: " + defaultTimeout);
        }
        if (groupCommitBufferBytes < 1) {
            throw new IllegalArgumentException("groupCommitBufferBytes must be positive: " + groupCommitBufferBytes);
        }
        if (decodeThreads < 1) {
            throw new IllegalArgumentException("decodeThreads must be positive: " + decodeThreads);
        }
    }

    /** Defaults for everything but the places: {@code errorLogDir} and the node's addresses. */
    public static StreamLoadOptions defaults(Path errorLogDir, Supplier<String> httpAddress, String backendHostPort) {
        return new StreamLoadOptions(errorLogDir, DEFAULT_MAX_ERROR_ROWS, DEFAULT_ERROR_LOG_RETENTION, DEFAULT_TIMEOUT,
                DEFAULT_GROUP_COMMIT_BUFFER_BYTES, httpAddress, backendHostPort, RecordLimits.DEFAULTS,
                DEFAULT_DECODE_THREADS);
    }

    public StreamLoadOptions withGroupCommitBufferBytes(long bytes) {
        return new StreamLoadOptions(errorLogDir, maxErrorRows, errorLogRetention, defaultTimeout, bytes, httpAddress,
                backendHostPort, recordLimits, decodeThreads);
    }

    public StreamLoadOptions withDefaultTimeout(Duration timeout) {
        return new StreamLoadOptions(errorLogDir, maxErrorRows, errorLogRetention, timeout, groupCommitBufferBytes,
                httpAddress, backendHostPort, recordLimits, decodeThreads);
    }

    public StreamLoadOptions withRecordLimits(RecordLimits limits) {
        return new StreamLoadOptions(errorLogDir, maxErrorRows, errorLogRetention, defaultTimeout,
                groupCommitBufferBytes, httpAddress, backendHostPort, limits, decodeThreads);
    }

    /** {@code threads} 0 keeps the default ({@link #DEFAULT_DECODE_THREADS}). */
    public StreamLoadOptions withDecodeThreads(int threads) {
        return new StreamLoadOptions(errorLogDir, maxErrorRows, errorLogRetention, defaultTimeout,
                groupCommitBufferBytes, httpAddress, backendHostPort, recordLimits,
                threads == 0 ? DEFAULT_DECODE_THREADS : threads);
    }
}
