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

    /** The CSV or JSON decoder for {@code options}, feeding {@code assembler}, refusing records over {@code limits}. */
    static BatchReader open(InputStream in, LoadOptions options, RowBatchAssembler assembler, RecordLimits limits) {
        return options.format().isCsv() ? new CsvReader(in, options, assembler, limits)
                : new JsonReader(in, options, assembler, limits);
    }
}
