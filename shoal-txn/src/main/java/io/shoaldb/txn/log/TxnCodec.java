package io.shoaldb.txn.log;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.shoaldb.catalog.journal.EntryCodec;
import java.io.IOException;

/** JSON for commit-log entries and images (Jackson maps records by their component names). */
final class TxnCodec implements EntryCodec<TxnEntry> {
    private static final ObjectMapper MAPPER = new ObjectMapper()
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
