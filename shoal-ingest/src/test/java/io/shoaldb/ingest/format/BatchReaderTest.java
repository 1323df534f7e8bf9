package io.shoaldb.ingest.format;

import static io.shoaldb.ingest.convert.TestSchemas.col;
import static io.shoaldb.ingest.convert.TestSchemas.rows;
import static io.shoaldb.ingest.convert.TestSchemas.schema;
import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.ingest.convert.ConversionPolicy;
import io.shoaldb.ingest.convert.LoadSchema;
import io.shoaldb.ingest.convert.RowBatchAssembler;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.type.DataType;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A body of known length is decoded with a first buffer no larger than the body: the rows must be those of the
 * same body read with the default buffer, whatever the body's length and however the network slices it.
 */
class BatchReaderTest {
    private static final LoadSchema SCHEMA = schema(col("k", DataType.INT, false, null), col("v", DataType.STRING));

    @Test
    void csvOfKnownLengthDecodesAsOfUnknownLength() throws IOException {
        StringBuilder body = new StringBuilder();
        for (int i = 0; i < 300; i++) {
            body.append(i).append(',').append("v".repeat(i % 37)).append(i % 5 == 0 ? "\r\n" : "\n");
        }
        body.append("300,last without a delimiter");
        checkEveryPrefix(Map.of("column_separator", ","), body.toString());
    }

    @Test
    void jsonLinesAndWholeDocumentsOfKnownLengthDecodeAsOfUnknownLength() throws IOException {
        StringBuilder lines = new StringBuilder();
        StringBuilder array = new StringBuilder("[");
        for (int i = 0; i < 200; i++) {
            String doc = "{\"k\":" + i + ",\"v\":\"" + "w".repeat(i % 29) + "\"}";
            lines.append(doc).append('\n');
            array.append(i == 0 ? "" : ",").append(doc);
        }
        checkEveryPrefix(Map.of("format", "json", "read_json_by_line", "true"), lines.toString());
        String whole = array.append(']').toString();
        Map<String, String> headers = Map.of("format", "json", "strip_outer_array", "true");
        assertThat(decode(headers, whole, whole.length(), 7)).hasSize(200).isEqualTo(decode(headers, whole, -1, 7));
    }

    /** Every prefix that ends a record, read in pieces of several sizes, with the exact length against none. */
    private static void checkEveryPrefix(Map<String, String> headers, String body) throws IOException {
        for (int end = 0; end <= body.length(); end++) {
            if (end < body.length() && body.charAt(end) != '\n') {
                continue;
            }
            String prefix = body.substring(0, end);
            for (int piece : new int[] {1, 13, 4096}) {
                List<List<Object>> unknown = decode(headers, prefix, -1, piece);
                assertThat(decode(headers, prefix, prefix.length(), piece)).as("%d bytes in pieces of %d", end, piece)
                        .isEqualTo(unknown);
            }
        }
    }

    private static List<List<Object>> decode(Map<String, String> headers, String body, long length, int piece)
            throws IOException {
        LoadOptions options = LoadOptions.parse(headers);
        RowBatchAssembler assembler = new RowBatchAssembler(SCHEMA, options.columns(),
                ConversionPolicy.streamLoad(false), 64, 1 << 20, 10);
        List<List<Object>> out = new ArrayList<>();
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        try (BatchReader reader = BatchReader.open(new Pieces(bytes, piece), length, options, assembler,
                RecordLimits.DEFAULTS)) {
            for (Batch b = reader.next(); b != null; b = reader.next()) {
                out.addAll(rows(b));
            }
        }
        assertThat(assembler.counters().filtered()).isZero();
        return out;
    }

    /** At most {@code piece} bytes per read, like a network body. */
    private static final class Pieces extends ByteArrayInputStream {
        private final int piece;

        Pieces(byte[] data, int piece) {
            super(data);
            this.piece = piece;
        }

        @Override
        public synchronized int read(byte[] b, int off, int len) {
            return super.read(b, off, Math.min(len, piece));
        }
    }
}
