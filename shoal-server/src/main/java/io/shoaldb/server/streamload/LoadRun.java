package io.shoaldb.server.streamload;

import io.shoaldb.catalog.model.Table;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.ingest.convert.ConversionPolicy;
import io.shoaldb.ingest.convert.FilterPolicy;
import io.shoaldb.ingest.convert.LoadCounters;
import io.shoaldb.ingest.convert.LoadSchema;
import io.shoaldb.ingest.convert.RowBatchAssembler;
import io.shoaldb.ingest.format.LoadOptions;
import io.shoaldb.ingest.format.RecordTooLargeException;
import io.shoaldb.ingest.write.WriteTarget;
import io.shoaldb.vector.Batch;
import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The state one Stream Load carries from its first byte to its reply: the decoder, the row counts, the phase
 * timers and the reply's identity fields. The three ways of running a load ({@link NormalLoad},
 * {@link TwoPhaseLoad}, {@link GroupCommitLoad}) share it; it builds the reply field by field.
 */
final class LoadRun {
    /** Rows and input bytes per batch on the normal path: bounded memory, rows go to storage as they come. */
    static final int NORMAL_BATCH_ROWS = 4096;
    static final long NORMAL_BATCH_BYTES = 8L << 20;
    /** Decoded batches the normal path lets wait for its writer: two keep both busy, each up to a batch's size. */
    static final int WRITE_BEHIND_BATCHES = 2;

    final StreamLoadContext ctx;
    final LoadTimes times;
    private RowBatchAssembler assembler;
    private BodyDecoder decoder;
    private String errorUrl;

    LoadRun(StreamLoadContext ctx, LoadTimes times) {
        this.ctx = ctx;
        this.times = times;
    }

    WriteTarget target() {
        return ctx.target();
    }

    Table table() {
        return ctx.table();
    }

    /**
     * Opens the decoder; {@code maxBatchRows}/{@code maxBatchBytes} bound what one {@link #next()} returns;
     * {@code decodeThreads} may decode a large body at once.
     */
    void open(InputStream body, int maxBatchRows, long maxBatchBytes, int decodeThreads) {
        LoadOptions format = ctx.format();
        LoadSchema schema = ctx.schema();
        assembler = new RowBatchAssembler(schema, format.columns(), ConversionPolicy.streamLoad(format.strictMode()),
                maxBatchRows, maxBatchBytes, ctx.options().maxErrorRows());
        decoder = new BodyDecoder(body, ctx.request().contentLength(), format, ctx.headers().compressType(), assembler,
                ctx.options().recordLimits(), decodeThreads);
    }

    /** The next decoded batch or null at the end of the body; the time counts as reading. */
    Batch next() throws IOException {
        times.startReceiving();
        long t0 = System.nanoTime();
        try {
            Batch batch = decoder.next();
            if (batch == null) {
                times.endReceiving();
                return null;
            }
            if (ctx.where() == null) {
                return batch;
            }
            Batch kept = ctx.where().apply(batch);
            assembler.unselect(batch.positionCount() - kept.positionCount());
            return kept;
        } finally {
            times.addRead(System.nanoTime() - t0);
        }
    }

    /** Hands every remaining batch to {@code sink}; the sink's time counts as writing. */
    void drainInto(Consumer<Batch> sink) throws IOException {
        for (Batch batch = next(); batch != null; batch = next()) {
            write(sink, batch);
        }
    }

    /**
     * Like {@link #drainInto}, but the sink runs on a thread of its own ({@link WriteBehind}), so decoding overlaps
     * writing; returns once every batch is written, and throws the sink's failure. On a decoding failure it
     * returns only after the batches already handed over are written, so the caller can abort the writes.
     */
    void drainBehind(Consumer<Batch> sink) throws IOException {
        try (WriteBehind behind = new WriteBehind(batch -> write(sink, batch), WRITE_BEHIND_BATCHES)) {
            for (Batch batch = next(); batch != null; batch = next()) {
                behind.accept(batch);
            }
            behind.finish();
        }
    }

    void write(Consumer<Batch> sink, Batch batch) {
        long t0 = System.nanoTime();
        try {
            sink.accept(batch);
        } finally {
            times.addWrite(System.nanoTime() - t0);
        }
    }

    LoadCounters counters() {
        return assembler == null ? new LoadCounters(0, 0, 0, 0) : assembler.counters();
    }

    /**
     * After the body: writes the error log when rows were filtered (its URL goes into the reply, success or
     * not), then applies {@code max_filter_ratio}: the failure, if the load must fail.
     */
    Optional<ShoalException> finishReading(Supplier<String> label) {
        LoadCounters c = counters();
        if (c.filtered() > 0) {
            String file = ctx.errorLogs().write(label.get(), assembler.rejectedRows());
            if (file != null) {
                errorUrl = "http://" + ctx.httpAddress().get() + "/api/_load_error_log?file=" + file;
            }
        }
        return new FilterPolicy(ctx.format().maxFilterRatio(), ctx.format().strictMode()).checkStreamLoad(c);
    }

    /**
     * The message for a body that could not be read: the body's own failure (client gone, stalled, too large)
     * as the HTTP layer worded it, a record over its limit, else a decompression or decoding error.
     */
    String readFailure(IOException e) {
        IOException body = decoder == null ? null : decoder.bodyFailure();
        if (body != null) {
            return body.getMessage();
        }
        if (e instanceof RecordTooLargeException) {
            return e.getMessage();
        }
        return ErrorCode.LOAD_INVALID_ARGUMENT.format("failed to read the load data: " + e.getMessage());
    }

    void close() {
        if (decoder != null) {
            decoder.close();
        }
    }

    // ---- replies ---------------------------------------------------------------------------------------

    StreamLoadReply reply() {
        return new StreamLoadReply(this);
    }

    long receivedBytes() {
        return decoder == null ? 0 : decoder.receivedBytes();
    }

    String errorUrl() {
        return errorUrl;
    }

    String firstErrorMessage() {
        return assembler == null ? null : assembler.firstErrorMessage();
    }
}
