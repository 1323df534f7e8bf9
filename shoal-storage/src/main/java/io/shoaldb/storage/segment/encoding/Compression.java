package io.shoaldb.storage.segment.encoding;

/** Block compression of an encoded page. The ids are written to files: never renumber, only append. */
public enum Compression {
    NONE(0),
    LZ4(1),
    ZSTD(2);

    private final int id;

    Compression(int id) {
        this.id = id;
    }

    public int id() {
        return id;
    }

    public static Compression ofId(int id) {
        for (Compression c : values()) {
            if (c.id == id) {
                return c;
            }
        }
        throw new FormatException("unknown compression id " + id);
    }
}
