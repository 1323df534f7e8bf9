package io.shoaldb.storage.segment.encoding;

/** Light page encodings. The ids are written to files: never renumber, only append. */
public enum Encoding {
    /** Fixed-width little-endian values; strings as lengths + bytes. Every type. */
    PLAIN(0),
    /** Runs of (zigzag varint value, varint length). Integer types. */
    RUN_LENGTH(1),
    /** Frame of reference: a base and {@code value - base} in the fewest bits. Integer types. */
    BIT_PACKED(2),
    /** First value, then bit-packed differences between neighbours; small on sorted keys. Integer types. */
    DELTA(3),
    /** Distinct strings once, then integer ids per row. String types. */
    DICTIONARY(4);

    private final int id;

    Encoding(int id) {
        this.id = id;
    }

    public int id() {
        return id;
    }

    public static Encoding ofId(int id) {
        for (Encoding e : values()) {
            if (e.id == id) {
                return e;
            }
        }
        throw new FormatException("unknown encoding id " + id);
    }
}
