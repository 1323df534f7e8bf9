package io.shoaldb.ingest.format.csv;

import io.shoaldb.ingest.convert.RowBatchAssembler;
import io.shoaldb.ingest.format.BatchReader;
import io.shoaldb.ingest.format.LoadOptions;
import io.shoaldb.ingest.format.RecordLimits;
import io.shoaldb.vector.Batch;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Decodes one large CSV input on several threads: {@link CsvChunks} cuts it after record delimiters, each chunk is
 * parsed and converted by a {@link CsvReader} and an assembler of its own on a thread of its own, and the batches
 * come out in input order, so the load is the same as {@link CsvReader}'s: the same rows in the same order, the same
 * counts, the same rejected rows with the same row numbers, and a failure (a line over the limit) after every batch
 * before it. On a big body decoding is most of one core's work, and the cores beside it were idle.
 *
 * <p>At most {@code parallelism + 1} chunks are read ahead (decoding or decoded, not yet returned), which bounds the
 * memory: a chunk's bytes until it is decoded, then its batches. The input is read on the caller's thread, in
 * {@link #next}, while the chunks before it decode.
 */
public final class ParallelCsvReader implements BatchReader {
    /**
     * Bytes per chunk: tens of milliseconds of one thread's decoding, so the hand-overs cost nothing beside it and a
     * chunk's batches are few and full.
     */
    public static final int CHUNK_BYTES = 2 << 20;

    private final CsvChunks chunks;
    private final LoadOptions options;
    private final RowBatchAssembler assembler;
    private final RecordLimits limits;
    private final int readAhead;
    /** Platform threads: a chunk is tens of milliseconds of CPU, which on a carrier would hold up virtual threads. */
    private final ExecutorService decoders;
    private final ArrayDeque<Future<Decoded>> inFlight = new ArrayDeque<>();
    private final ConcurrentLinkedQueue<byte[]> freeBuffers = new ConcurrentLinkedQueue<>();
    /** Parts absorbed and emptied: their builders, grown to a batch, serve the next chunks. */
    private final ConcurrentLinkedQueue<RowBatchAssembler> freeParts = new ConcurrentLinkedQueue<>();
    private final ArrayDeque<Batch> ready = new ArrayDeque<>();
    /** The input ended or failed: no more chunks to read. */
    private boolean inputDone;
    private IOException failure;
    private volatile boolean closed;

    /**
     * A decoded chunk: its batches, its assembler's counts and rejected rows, and the failure that ended it early
     * (null when it was decoded whole).
     */
    private record Decoded(List<Batch> batches, RowBatchAssembler part, IOException failure) {
    }

    /**
     * Whether {@code options} allow cutting the input at any delimiter byte: CSV without {@code enclose} and with a
     * one-byte line delimiter.
     */
    public static boolean applies(LoadOptions options) {
        return options.format().isCsv() && options.enclose() == 0 && options.lineDelimiter().length == 1;
    }

    /**
     * @param assembler the load's: it counts every row (the chunks' assemblers are its {@link
     *     RowBatchAssembler#forPart() parts}, absorbed in input order)
     * @param parallelism chunks decoded at once
     * @param chunkBytes bytes per chunk ({@link #CHUNK_BYTES}; tests use small ones)
     */
    public ParallelCsvReader(InputStream in, LoadOptions options, RowBatchAssembler assembler, RecordLimits limits,
            int parallelism, int chunkBytes) {
        if (!applies(options)) {
            throw new IllegalArgumentException("these CSV options cannot be cut at line delimiters");
        }
        this.chunks = new CsvChunks(in, options.lineDelimiter()[0], options.csvLinesToSkip(), chunkBytes, limits);
        this.options = options;
        this.assembler = assembler;
        this.limits = limits;
        this.readAhead = parallelism + 1;
        this.decoders = Executors.newFixedThreadPool(parallelism,
                Thread.ofPlatform().name("shoal-csv-decode-", 0).daemon(true).factory());
    }

    @Override
    public Batch next() throws IOException {
        while (ready.isEmpty()) {
            if (failure != null) {
                throw failure; // after the batches before it, as a reader on one thread would
            }
            readAhead();
            Future<Decoded> head = inFlight.poll();
            if (head == null) {
                return null;
            }
            Decoded decoded = await(head);
            assembler.absorb(decoded.part());
            if (decoded.failure() == null) {
                freeParts.add(decoded.part());
            }
            ready.addAll(decoded.batches());
            failure = decoded.failure();
        }
        return ready.poll();
    }

    /** Reads chunks and starts their decoding until {@code readAhead} are in flight or the input ends. */
    private void readAhead() {
        while (!inputDone && inFlight.size() < readAhead) {
            byte[] buffer = freeBuffers.poll();
            CsvChunks.Chunk chunk;
            try {
                chunk = chunks.next(buffer != null ? buffer : new byte[chunks.chunkBytes()]);
            } catch (IOException e) {
                inputDone = true; // raised when the chunks before it have been returned
                inFlight.add(CompletableFuture.failedFuture(e));
                return;
            }
            if (chunk == null) {
                inputDone = true;
                return;
            }
            inFlight.add(decoders.submit(() -> decode(chunk)));
        }
    }

    private Decoded decode(CsvChunks.Chunk chunk) {
        RowBatchAssembler free = freeParts.poll();
        RowBatchAssembler part = free != null ? free : assembler.forPart();
        List<Batch> batches = new ArrayList<>();
        try {
            if (closed) {
                return new Decoded(batches, part, null);
            }
            try (CsvReader reader = CsvReader.ofChunk(chunk.data(), chunk.length(), options, part, limits)) {
                for (Batch b = reader.next(); b != null; b = reader.next()) {
                    if (b.positionCount() > 0) {
                        batches.add(b);
                    }
                }
            } catch (IOException e) {
                return new Decoded(batches, part, e);
            }
            return new Decoded(batches, part, null);
        } finally {
            chunks.release(chunk);
            if (chunk.data().length == chunks.chunkBytes()) {
                freeBuffers.add(chunk.data());
            }
        }
    }

    private static Decoded await(Future<Decoded> head) throws IOException {
        try {
            return head.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while decoding the load's data");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            switch (cause) {
                case IOException io -> throw io;
                case RuntimeException r -> throw r;
                case Error err -> throw err;
                default -> throw new UncheckedIOException(new IOException(cause));
            }
        }
    }

    /** Stops decoding what was read ahead and waits for the decoders, so nothing runs on after the load. */
    @Override
    public void close() throws IOException {
        closed = true;
        decoders.close();
        inFlight.clear();
        ready.clear();
        freeBuffers.clear();
        freeParts.clear();
        chunks.close();
    }
}
