package io.shoaldb.ingest.groupcommit.wal;

import java.util.List;

/**
 * A WAL file as read for replay.
 *
 * @param header null when the header itself is incomplete (the file was created but never acknowledged
 *               anything: the header is fsynced before the first ack), so the file holds no data
 * @param records the complete records, in append order
 * @param tailNote why reading stopped before the end of the file ("" when the file ended cleanly)
 * @param damage "" or what cannot be a torn tail (a bad record followed by a valid one): the records are then
 *               the valid prefix before it, and the file is evidence to keep
 */
public record WalContents(WalHeader header, List<WalRecord> records, String tailNote, String damage) {
    public WalContents {
        records = List.copyOf(records);
    }

    public boolean damaged() {
        return !damage.isEmpty();
    }

    public long rows() {
        return records.stream().mapToLong(r -> r.rows().positionCount()).sum();
    }
}
