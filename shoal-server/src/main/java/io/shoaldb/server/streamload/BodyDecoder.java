package io.shoaldb.server.streamload;

import com.github.luben.zstd.ZstdInputStream;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.ingest.convert.RowBatchAssembler;
import io.shoaldb.ingest.format.BatchReader;
import io.shoaldb.ingest.format.LoadOptions;
import io.shoaldb.ingest.format.RecordLimits;
import io.shoaldb.ingest.format.csv.ParallelCsvReader;
import io.shoaldb.vector.Batch;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.util.zip.GZIPInputStream;
import java.util.zip.InflaterInputStream;
import net.jpountz.lz4.LZ4FrameInputStream;

/**
 * Turns a request body into batches: {@code compress_type} first, then the CSV or JSON decoder. Memory stays
 * bounded by the decoder's buffer (at most one record at its {@link RecordLimits}) and the assembler's batch size;
 * a large CSV body decodes on several threads when the load allows it, each with a chunk of the body.
 */
final class BodyDecoder implements AutoCloseable {
    private final CountingInputStream received;
    private final BatchReader source;

    /**
     * {@code bodyBytes}: the body's Content-Length, or -1 (chunked); it sizes the decoder's buffer.
     * {@code decodeThreads}: how many threads may decode a large CSV body at once ({@link ParallelCsvReader}).
     */
    BodyDecoder(InputStream body, long bodyBytes, LoadOptions options, String compressType, RowBatchAssembler assembler,
            RecordLimits limits, int decodeThreads) {
        this.received = new CountingInputStream(body);
        InputStream data = decompressing(received, compressType);
        boolean plain = compressType == null || compressType.equals("plain");
        long dataBytes = plain ? bodyBytes : -1;
        boolean large = dataBytes < 0 || dataBytes > 2L * ParallelCsvReader.CHUNK_BYTES;
        source = decodeThreads > 1 && large && ParallelCsvReader.applies(options)
                ? new ParallelCsvReader(data, options, assembler, limits, decodeThreads, ParallelCsvReader.CHUNK_BYTES)
                : BatchReader.open(data, dataBytes, options, assembler, limits);
    }

    /** Validates {@code compress_type} before anything is read (Doris's names; lz4 means the LZ4 frame format). */
    static void checkCompressType(String compressType) {
        if (compressType == null) {
            return;
        }
        switch (compressType) {
            case "gz", "gzip", "deflate", "lz4", "lz4frame", "zstd", "plain" -> { }
            case "bz2", "lzo", "lzop", "lz4block", "snappyblock" ->
                    throw ErrorCode.NOT_SUPPORTED.exception("compress_type " + compressType);
            default -> throw ErrorCode.LOAD_INVALID_ARGUMENT.exception("unknown compress type, compress_type="
                    + compressType);
        }
    }

    /** The next batch, or null at the end of the body. */
    Batch next() throws IOException {
        return source.next();
    }

    /** Bytes received so far ({@code LoadBytes}). */
    long receivedBytes() {
        return received.count();
    }

    /** The failure of the body itself (the client went away...), as opposed to bad compressed data. */
    IOException bodyFailure() {
        return received.failure();
    }

    @Override
    public void close() {
        try {
            source.close();
        } catch (IOException e) {
            // the load is over either way; the body stream's owner reports its own failures
        }
    }

    private static InputStream decompressing(InputStream in, String compressType) {
        if (compressType == null || compressType.equals("plain")) {
            return in;
        }
        // Decompressors read their header in the constructor: defer them so an empty body is an empty load
        // and a corrupt header fails in next(), like any other body error.
        return new LazyInputStream(() -> {
            PushbackInputStream probe = new PushbackInputStream(in, 1);
            int first = probe.read();
            if (first < 0) {
                return InputStream.nullInputStream();
            }
            probe.unread(first);
            return switch (compressType) {
                case "gz", "gzip" -> new GZIPInputStream(probe, 64 << 10);
                case "deflate" -> new InflaterInputStream(probe);
                case "lz4", "lz4frame" -> new LZ4FrameInputStream(probe);
                case "zstd" -> new ZstdInputStream(probe);
                default -> throw new IllegalStateException("unchecked compress_type " + compressType);
            };
        });
    }

    /** Opens its stream on first use. */
    private static final class LazyInputStream extends InputStream {
        interface Opener {
            InputStream open() throws IOException;
        }

        private final Opener opener;
        private InputStream delegate;

        LazyInputStream(Opener opener) {
            this.opener = opener;
        }

        private InputStream delegate() throws IOException {
            if (delegate == null) {
                delegate = opener.open();
            }
            return delegate;
        }

        @Override
        public int read() throws IOException {
            return delegate().read();
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return delegate().read(b, off, len);
        }

        @Override
        public void close() throws IOException {
            if (delegate != null) {
                delegate.close();
            }
        }
    }
}
