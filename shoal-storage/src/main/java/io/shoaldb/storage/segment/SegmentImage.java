package io.shoaldb.storage.segment;

import java.nio.file.Path;

/**
 * A finished segment held in memory: the image of inline rowsets (see
 * {@link io.shoaldb.storage.rowset.RowsetMeta#inlineSegments()}). One small load writes a single image for all the
 * tablets it touches, each tablet's rows a run of whole pages of it, so one image is read through many rowsets: its
 * footer is verified and decoded by the first reader and shared by every later one (scans and compactions used to
 * decode an inline segment's footer again at every open). The bytes are never modified.
 */
public final class SegmentImage {
    /** As the end of a page range: through the image's last page. */
    public static final int LAST_PAGE = -1;

    private final byte[] bytes;
    private volatile Footer footer;

    public SegmentImage(byte[] bytes) {
        this.bytes = bytes;
    }

    /** The segment, byte for byte what a segment file would hold; not to be modified. */
    public byte[] bytes() {
        return bytes;
    }

    public int size() {
        return bytes.length;
    }

    /** The footer, verified (header, trailer, checksum, page tiling) on first use; {@code path} names it in errors. */
    Footer footer(Path path) {
        Footer verified = footer;
        if (verified == null) {
            verified = SegmentReader.verifiedFooter(path, bytes);
            footer = verified; // a race verifies twice and keeps equal footers: harmless
        }
        return verified;
    }
}
