package io.shoaldb.ingest.format;

import io.shoaldb.ingest.convert.RowBatchAssembler;
import io.shoaldb.ingest.format.csv.CsvReader;
import io.shoaldb.ingest.format.json.JsonReader;
import io.shoaldb.vector.Batch;
import java.io.IOException;
import java.io.InputStream;

/** A load body decoded into batches by the decoder of its format ({@link LoadOptions#format()}). */
public interface BatchReader extends AutoCloseable {
    /** The next batch, or null at the end of the input. */
    Batch next() throws IOException;

    @Override
    void close() throws IOException;

    /** The first read buffer of a decoder for an input of unknown length; it grows only for a longer record. */
    int DEFAULT_BUFFER_BYTES = 1 << 20;

    /**
     * The CSV or JSON decoder for {@code options}, feeding {@code assembler}, refusing records over {@code limits}.
     * {@code inputBytes} is the input's length when known (a Stream Load body with a Content-Length, not
     * compressed), else -1: a decoder's first buffer holds no more than the input, so a 10 KB body costs a 10 KB
     * buffer, not {@link #DEFAULT_BUFFER_BYTES}.
     */
    static BatchReader open(InputStream in, long inputBytes, LoadOptions options, RowBatchAssembler assembler,
            RecordLimits limits) {
        int buffer = inputBytes < 0 ? DEFAULT_BUFFER_BYTES : (int) Math.min(DEFAULT_BUFFER_BYTES, inputBytes + 1);
        return options.format().isCsv() ? new CsvReader(in, options, assembler, limits, buffer)
                : new JsonReader(in, options, assembler, limits, buffer);
    }
}
