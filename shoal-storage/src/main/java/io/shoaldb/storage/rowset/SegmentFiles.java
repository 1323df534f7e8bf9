package io.shoaldb.storage.rowset;

/**
 * Segment file names: {@code <rowsetId>_<ordinal>.seg} in the tablet's directory. The rowset id in the
 * name lets start-up recovery find files that no visible rowset references, and lets the id allocator
 * stay above every id already on disk.
 *
 * <p>A segment of a table in a storage vault is the object {@code data/<tableId>/<tabletId>/<rowsetId>_<ordinal>.seg}
 * under the vault's root path: unique because rowset ids are, and self-describing (the table, tablet and rowset
 * it belongs to), so whatever finds a key in the bucket knows what state would name it.
 */
public final class SegmentFiles {
    public static final String SUFFIX = ".seg";

    private SegmentFiles() {
    }

    public static String name(long rowsetId, int ordinal) {
        return rowsetId + "_" + ordinal + SUFFIX;
    }

    /** The object key of a segment of a table in a storage vault (relative to the vault's root path). */
    public static String objectKey(long tableId, long tabletId, long rowsetId, int ordinal) {
        return rowsetPrefix(tableId, tabletId, rowsetId) + ordinal + SUFFIX;
    }

    /** What every object key of one rowset starts with, and no other rowset's does (the id ends at the '_'). */
    public static String rowsetPrefix(long tableId, long tabletId, long rowsetId) {
        return tabletPrefix(tableId, tabletId) + rowsetId + "_";
    }

    /** What every object key of one tablet starts with. */
    public static String tabletPrefix(long tableId, long tabletId) {
        return tablePrefix(tableId) + tabletId + "/";
    }

    /** What every object key of one table starts with. */
    public static String tablePrefix(long tableId) {
        return "data/" + tableId + "/";
    }

    /** Whether a rowset's segment name is an object key (a file name never holds a '/'). */
    public static boolean isObjectKey(String segmentName) {
        return segmentName.indexOf('/') >= 0;
    }

    /** The ordinal of a segment file name ({@link #rowsetIdOf} must have accepted it). */
    public static int ordinalOf(String fileName) {
        return Integer.parseInt(fileName.substring(fileName.indexOf('_') + 1, fileName.length() - SUFFIX.length()));
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
