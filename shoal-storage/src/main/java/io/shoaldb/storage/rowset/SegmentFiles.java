package io.shoaldb.storage.rowset;

/**
 * Segment file names: {@code <rowsetId>_<ordinal>.seg} in the tablet's directory. The rowset id in the
 * name lets start-up recovery find files that no visible rowset references, and lets the id allocator
 * stay above every id already on disk.
 */
public final class SegmentFiles {
    public static final String SUFFIX = ".seg";

    private SegmentFiles() {
    }

    public static String name(long rowsetId, int ordinal) {
        return rowsetId + "_" + ordinal + SUFFIX;
    }

    /** The rowset id of a segment file name, or -1 when the name is not a segment's. */
    public static long rowsetIdOf(String fileName) {
        int underscore = fileName.indexOf('_');
        if (!fileName.endsWith(SUFFIX) || underscore <= 0) {
            return -1;
        }
        try {
            Integer.parseInt(fileName.substring(underscore + 1, fileName.length() - SUFFIX.length()));
            return Long.parseLong(fileName.substring(0, underscore));
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
