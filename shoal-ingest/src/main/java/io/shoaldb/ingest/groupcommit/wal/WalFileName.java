package io.shoaldb.ingest.groupcommit.wal;

import java.nio.file.Path;

/**
 * WAL file names: {@code <txnId>_<label>} under {@code <wal dir>/<db_id>/<table_id>/}. A file set aside as
 * corrupt gets {@link #CORRUPT_SUFFIX}; anything else in a table directory (temp files, the request-id log)
 * is not a WAL.
 */
public record WalFileName(long txnId, String label) {
    public static final String CORRUPT_SUFFIX = ".corrupt";

    public String fileName() {
        return txnId + "_" + label;
    }

    /** The parsed name, or null when the file is not a live WAL. */
    public static WalFileName parse(Path file) {
        String name = file.getFileName().toString();
        int sep = name.indexOf('_');
        if (sep <= 0 || name.endsWith(CORRUPT_SUFFIX) || name.endsWith(".tmp")) {
            return null;
        }
        for (int i = 0; i < sep; i++) {
            if (!Character.isDigit(name.charAt(i))) {
                return null;
            }
        }
        try {
            return new WalFileName(Long.parseLong(name.substring(0, sep)), name.substring(sep + 1));
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
