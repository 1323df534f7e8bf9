package io.shoaldb.txn.log;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.fasterxml.jackson.dataformat.smile.SmileFactory;
import com.fasterxml.jackson.dataformat.smile.SmileGenerator;
import com.fasterxml.jackson.module.blackbird.BlackbirdModule;
import io.shoaldb.catalog.journal.EntryCodec;
import io.shoaldb.storage.rowset.InlineSegment;
import io.shoaldb.storage.segment.SegmentWriter;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Commit-log entries and images in Smile, Jackson's binary JSON (records mapped by their component names),
 * except commit records, which every commit encodes on its critical path: those are {@link CommitCodec}'s
 * fixed binary layout (a log written before it holds Smile commit records, which still read). Smile writes
 * inline segment images as raw bytes (frames carry their own length and checksum), Blackbird replaces
 * reflection with generated accessors.
 *
 * <p>An inline segment is written as the bytes of a segment of its own: one load's rowsets share an image, each a run
 * of its pages, and a checkpoint writes each run's pages under a footer of their own ({@link
 * SegmentWriter#copyOfPages}), so it reads back as a whole image, like those written before images were shared.
 */
final class TxnCodec implements EntryCodec<TxnEntry> {
    private static final ObjectMapper MAPPER = new ObjectMapper(SmileFactory.builder()
                    .disable(SmileGenerator.Feature.ENCODE_BINARY_AS_7BIT).build())
            .registerModule(new BlackbirdModule())
            .configure(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES, true)
            .configure(DeserializationFeature.FAIL_ON_NULL_CREATOR_PROPERTIES, true)
            .registerModule(new SimpleModule("inline-segments")
                    .addSerializer(InlineSegment.class, new InlineSegmentSerializer())
                    .addDeserializer(InlineSegment.class, new InlineSegmentDeserializer()));
    /** Names an inline segment whose image is damaged in the error; a checkpoint does not know its rowset's path. */
    private static final Path UNNAMED_IMAGE = Path.of("inline-segment-image");

    static final TxnCodec INSTANCE = new TxnCodec();

    private TxnCodec() {
    }

    /** Commit records in {@link CommitCodec}'s binary layout, the rest (rare) in Smile. */
    @Override
    public byte[] encode(TxnEntry entry) {
        if (entry.record() instanceof TxnRecord.Commit commit) {
            return CommitCodec.encode(entry.sequence(), commit);
        }
        return write(entry);
    }

    @Override
    public TxnEntry decode(byte[] payload) throws IOException {
        if (CommitCodec.isBinary(payload)) {
            return CommitCodec.decode(payload);
        }
        TxnEntry entry = MAPPER.readValue(payload, TxnEntry.class);
        if (entry.record() == null) {
            throw new IOException("no record");
        }
        return entry;
    }

    @Override
    public long sequenceOf(TxnEntry entry) {
        return entry.sequence();
    }

    static byte[] write(Object value) {
        try {
            return MAPPER.writeValueAsBytes(value);
        } catch (IOException e) {
            throw new IllegalStateException("cannot encode " + value.getClass().getSimpleName(), e);
        }
    }

    static TxnImage readImage(byte[] payload) throws IOException {
        return MAPPER.readValue(payload, TxnImage.class);
    }

    private static final class InlineSegmentSerializer extends StdSerializer<InlineSegment> {
        InlineSegmentSerializer() {
            super(InlineSegment.class);
        }

        @Override
        public void serialize(InlineSegment segment, JsonGenerator out, SerializerProvider provider) throws IOException {
            out.writeBinary(SegmentWriter.copyOfPages(UNNAMED_IMAGE, segment.image(), segment.fromPage(),
                    segment.toPage()));
        }
    }

    private static final class InlineSegmentDeserializer extends StdDeserializer<InlineSegment> {
        InlineSegmentDeserializer() {
            super(InlineSegment.class);
        }

        @Override
        public InlineSegment deserialize(JsonParser in, DeserializationContext context) throws IOException {
            return InlineSegment.whole(in.getBinaryValue());
        }
    }
}
