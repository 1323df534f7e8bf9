package io.shoaldb.txn.log;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.smile.SmileFactory;
import com.fasterxml.jackson.dataformat.smile.SmileGenerator;
import com.fasterxml.jackson.module.blackbird.BlackbirdModule;
import io.shoaldb.catalog.journal.EntryCodec;
import java.io.IOException;

/**
 * Commit-log entries and images in Smile, Jackson's binary JSON (records mapped by their component names),
 * except commit records, which every commit encodes on its critical path: those are {@link CommitCodec}'s
 * fixed binary layout (a log written before it holds Smile commit records, which still read). Smile writes
 * inline segment images as raw bytes (frames carry their own length and checksum), Blackbird replaces
 * reflection with generated accessors.
 */
final class TxnCodec implements EntryCodec<TxnEntry> {
    private static final ObjectMapper MAPPER = new ObjectMapper(SmileFactory.builder()
                    .disable(SmileGenerator.Feature.ENCODE_BINARY_AS_7BIT).build())
            .registerModule(new BlackbirdModule())
            .configure(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES, true)
            .configure(DeserializationFeature.FAIL_ON_NULL_CREATOR_PROPERTIES, true);

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
}
