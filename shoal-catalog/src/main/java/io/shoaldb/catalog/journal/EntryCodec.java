package io.shoaldb.catalog.journal;

import java.io.IOException;

/**
 * How a {@link SegmentLog} turns its entries into frame payloads and back. The sequence lives inside the
 * payload, so the log can check that entries are consecutive without knowing what they are.
 */
public interface EntryCodec<E> {
    byte[] encode(E entry);

    /** Throws (IOException or a RuntimeException) when the bytes are not an entry. */
    E decode(byte[] payload) throws IOException;

    long sequenceOf(E entry);
}
