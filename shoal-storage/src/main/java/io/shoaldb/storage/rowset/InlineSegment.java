package io.shoaldb.storage.rowset;

import io.shoaldb.storage.segment.SegmentImage;

/**
 * One segment of an inline rowset: pages {@code fromPage} (inclusive) to {@code toPage} (exclusive;
 * {@link SegmentImage#LAST_PAGE}: to the end) of an image held in memory. A small load writes one image for all the
 * tablets it touches, each tablet's rows in key order on pages of their own, so its rowsets share the image, each
 * naming its run of pages; an image read back from a checkpoint or an older commit record is one rowset's alone.
 */
public record InlineSegment(SegmentImage image, int fromPage, int toPage) {
    public InlineSegment {
        if (fromPage < 0 || (toPage != SegmentImage.LAST_PAGE && toPage < fromPage)) {
            throw new IllegalArgumentException("pages " + fromPage + ".." + toPage);
        }
    }

    /** Every page of an image that is one rowset's alone. */
    public static InlineSegment whole(byte[] image) {
        return new InlineSegment(new SegmentImage(image), 0, SegmentImage.LAST_PAGE);
    }

    /** Whether the segment is the whole image (else a run of its pages, shared with other rowsets' runs). */
    public boolean isWhole() {
        return fromPage == 0 && toPage == SegmentImage.LAST_PAGE;
    }
}
