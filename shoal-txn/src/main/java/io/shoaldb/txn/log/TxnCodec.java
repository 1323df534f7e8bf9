package io.shoaldb.txn.log;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.smile.SmileFactory;
import com.fasterxml.jackson.dataformat.smile.SmileGenerator;
import com.fasterxml.jackson.module.blackbird.BlackbirdModule;
import io.shoaldb.catalog.journal.EntryCodec;
import java.io.IOException;

/**
 * Commit-log entries and images in Smile, Jackson's binary JSON (records mapped by their component names).
 * Every commit encodes one record on the commit path, and inline rowsets put segment images in it: as text
 * JSON (base64, reflective accessors) encoding took half the time of a small group commit. Smile writes
 * the images as raw bytes (frames carry their own length and checksum), Blackbird replaces reflection with
 * generated accessors.
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

    @Override
    public byte[] encode(TxnEntry entry) {
        return write(entry);
    }

    @Override
    public TxnEntry decode(byte[] payload) throws IOException {
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
