package io.shoaldb.storage;

import io.shoaldb.common.io.DurableFiles;
import io.shoaldb.common.io.FilesFacade;
import io.shoaldb.storage.segment.IoFailures;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.zip.CRC32C;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The node's local log of storage-vault objects that no committed state may name: what the vault recycler deletes,
 * so it never lists a bucket to find garbage.
 *
 * <ul>
 * <li>{@link #uploading}: "rowset r of tablet t of table x is uploading", appended and fsynced before the rowset's
 *     first upload. Its commit ({@link #released}, at publish) or its abort drops it; one left at a start is a
 *     rowset a crash cut between upload and commit, or one whose commit record made it durable - the start decides
 *     which against the committed state ({@link StorageEngine#finishRecovery}).</li>
 * <li>{@link #orphaned}: no state names the rowset any more (compacted away, aborted, or left by a crash) and the
 *     writer is done with it: a candidate for the recycler from now on.</li>
 * <li>{@link #dropping}: table x of vault v is being dropped, fsynced before the catalog drops it; its whole prefix
 *     is removed once the catalog no longer holds the table.</li>
 * </ul>
 *
 * <p>Records: {@code u32 length | u8 kind, i64 table, i64 tablet or vault, i64 rowset, i64 millis | u32 CRC32C}. A
 * torn or corrupt tail ends the file and is cut off before the next append. Only the records that decide safety are
 * fsynced (an upload's intent before the upload, a drop's before the catalog's); the others are written to the file
 * at once, so a killed process loses none, and a lost one after a power cut only delays a delete to the next
 * leftover check. The file is rewritten with the live entries at open and when dead records dominate.
 */
public final class VaultIntents {
    public static final String FILE_NAME = "vault-intents.log";

    /** What an entry says about one rowset's objects. */
    public enum Kind { UPLOADING, ORPHANED }

    /** A rowset's objects, {@code sinceMillis} the time of the record (for an orphan: since when no state names it). */
    public record Intent(Kind kind, long tableId, long tabletId, long rowsetId, long sinceMillis) {
    }

    /** A dropped table's prefix to remove from vault {@code vaultId}. */
    public record Drop(long tableId, long vaultId, long sinceMillis) {
    }

    private static final Logger LOG = LoggerFactory.getLogger(VaultIntents.class);
    private static final byte UPLOADING = 1;
    private static final byte ORPHANED = 2;
    private static final byte RELEASED = 3;
    private static final byte DROPPING = 4;
    private static final byte DROPPED = 5;
    private static final int PAYLOAD = 1 + 4 * Long.BYTES;
    private static final int RECORD = 4 + PAYLOAD + 4;
    private static final int REWRITE_AFTER = 4096;

    private final FilesFacade files;
    private final Path file;
    private final LongSupplier clock;
    private final Map<Long, Intent> rowsets = new LinkedHashMap<>();
    private final Map<Long, Drop> drops = new LinkedHashMap<>();
    /** Per table, the time of its latest vault upload since the recycler last cleared it (memory only). */
    private final Map<Long, Long> lastUploadByTable = new LinkedHashMap<>();
    private final List<Intent> fromPreviousRun;
    private FileChannel channel;
    private long records;

    private VaultIntents(FilesFacade files, Path file, LongSupplier clock, List<Intent> fromPreviousRun) {
        this.files = files;
        this.file = file;
        this.clock = clock;
        this.fromPreviousRun = List.copyOf(fromPreviousRun);
    }

    /**
     * Reads {@code file} (if any): the uploads a previous run left open are {@link #fromPreviousRun()}, its orphans
     * and drops are live again; the file is rewritten with them (so a torn tail is gone).
     */
    public static VaultIntents open(FilesFacade files, Path file, LongSupplier clock) {
        Map<Long, Intent> rowsets = new LinkedHashMap<>();
        Map<Long, Drop> drops = new LinkedHashMap<>();
        try {
            if (files.exists(file)) {
                read(files.readAllBytes(file), rowsets, drops);
            }
        } catch (IOException e) {
            throw IoFailures.of(e, file);
        }
        List<Intent> open = rowsets.values().stream().filter(i -> i.kind() == Kind.UPLOADING).toList();
        VaultIntents log = new VaultIntents(files, file, clock, open);
        log.rowsets.putAll(rowsets);
        log.drops.putAll(drops);
        if (files.exists(file)) {
            log.rewrite();
        }
        return log;
    }

    /**
     * The uploads the previous run neither released nor orphaned (as read at open); they stay live until the start
     * decides each ({@link #released} when committed, else {@link #orphaned}).
     */
    public List<Intent> fromPreviousRun() {
        return fromPreviousRun;
    }

    /** Rowset {@code rowsetId} is about to upload its first object: durable when this returns. */
    public synchronized void uploading(long tableId, long tabletId, long rowsetId) {
        Intent intent = new Intent(Kind.UPLOADING, tableId, tabletId, rowsetId, clock.getAsLong());
        append(encode(UPLOADING, tableId, tabletId, rowsetId, intent.sinceMillis()), true);
        rowsets.put(rowsetId, intent);
        lastUploadByTable.put(tableId, intent.sinceMillis());
    }

    /** Whether rowset {@code rowsetId} is uploading in this process (its writer neither published nor aborted). */
    public synchronized boolean isUploading(long rowsetId) {
        Intent intent = rowsets.get(rowsetId);
        return intent != null && intent.kind() == Kind.UPLOADING;
    }

    /** The tables with vault uploads since the recycler last cleared them, to the time of the latest. */
    public synchronized Map<Long, Long> tablesUploadedTo() {
        return Map.copyOf(lastUploadByTable);
    }

    /** The recycler is done with {@code tableId}'s uploads up to {@code latestMillis}; a later upload keeps it listed. */
    public synchronized void uploadsCleared(long tableId, long latestMillis) {
        lastUploadByTable.remove(tableId, latestMillis);
    }

    /** No state names the rowset and no writer holds it: its objects are the recycler's. */
    public synchronized void orphaned(long tableId, long tabletId, long rowsetId) {
        Intent intent = new Intent(Kind.ORPHANED, tableId, tabletId, rowsetId, clock.getAsLong());
        append(encode(ORPHANED, tableId, tabletId, rowsetId, intent.sinceMillis()), false);
        rowsets.put(rowsetId, intent);
    }

    /** The rowset's objects need nothing more: it is committed, or they are deleted. No-op for an unknown rowset. */
    public synchronized void released(long rowsetId) {
        if (rowsets.remove(rowsetId) != null) {
            append(encode(RELEASED, 0, 0, rowsetId, 0), false);
        }
    }

    /** Table {@code tableId} of vault {@code vaultId} is about to be dropped: durable when this returns. */
    public synchronized void dropping(long tableId, long vaultId) {
        Drop drop = new Drop(tableId, vaultId, clock.getAsLong());
        append(encode(DROPPING, tableId, vaultId, 0, drop.sinceMillis()), true);
        drops.put(tableId, drop);
    }

    /** The table's prefix is removed, or the table was not dropped after all. */
    public synchronized void dropped(long tableId) {
        if (drops.remove(tableId) != null) {
            append(encode(DROPPED, tableId, 0, 0, 0), false);
        }
    }

    public synchronized List<Intent> orphans() {
        return rowsets.values().stream().filter(i -> i.kind() == Kind.ORPHANED).toList();
    }

    public synchronized List<Drop> drops() {
        return List.copyOf(drops.values());
    }

    /** Whether a drop of {@code tableId} is pending (its prefix goes whole, orphans of it with it). */
    public synchronized boolean dropPending(long tableId) {
        return drops.containsKey(tableId);
    }

    /** The highest rowset id any entry names (0 for none): new rowset ids must stay above it. */
    public synchronized long maxRowsetId() {
        return rowsets.keySet().stream().mapToLong(Long::longValue).max().orElse(0);
    }

    /** Entries not yet resolved: uploads in flight, orphans and drops waiting for the recycler. */
    public synchronized int pending() {
        return rowsets.size() + drops.size();
    }

    /**
     * Appends a record. A durable one's failure is thrown (nothing may be uploaded or dropped without it); any other's is
     * logged: it runs where a commit is already decided or a snapshot closes, and its loss costs at most a leftover
     * entry (decided again at the next start) or an object left until the prefix is recycled some other way.
     */
    private void append(ByteBuffer record, boolean durable) {
        try {
            write(record, durable);
        } catch (RuntimeException e) {
            if (durable) {
                throw e;
            }
            LOG.warn("could not append to the vault intent log {}: {}", file, e.getMessage());
        }
    }

    private void write(ByteBuffer record, boolean durable) {
        try {
            if (channel == null) {
                boolean created = !files.exists(file);
                channel = files.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                channel.position(channel.size());
                if (created) {
                    files.fsyncDirectory(file.getParent());
                }
            }
            long at = channel.position();
            try {
                DurableFiles.writeFully(channel, record);
                if (durable) {
                    files.fsync(channel);
                }
            } catch (IOException e) {
                channel.truncate(at); // a half-written record would hide every later one at the next open
                throw e;
            }
            records++;
            if (records > REWRITE_AFTER && records > 4L * (rowsets.size() + drops.size())) {
                rewrite();
            }
        } catch (IOException e) {
            throw IoFailures.of(e, file);
        }
    }

    /** Replaces the file by the live entries, crash-safely (old or new content after a crash). */
    private void rewrite() {
        try {
            if (channel != null) {
                channel.close();
                channel = null;
            }
            List<Intent> live = new ArrayList<>(rowsets.values());
            ByteBuffer all = ByteBuffer.allocate(RECORD * (live.size() + drops.size()));
            for (Intent i : live) {
                all.put(encode(i.kind() == Kind.UPLOADING ? UPLOADING : ORPHANED, i.tableId(), i.tabletId(),
                        i.rowsetId(), i.sinceMillis()));
            }
            for (Drop d : drops.values()) {
                all.put(encode(DROPPING, d.tableId(), d.vaultId(), 0, d.sinceMillis()));
            }
            DurableFiles.replace(files, file, all.flip());
            records = live.size() + drops.size();
        } catch (IOException e) {
            throw IoFailures.of(e, file);
        }
    }

    private static ByteBuffer encode(byte kind, long a, long b, long c, long millis) {
        ByteBuffer r = ByteBuffer.allocate(RECORD).order(ByteOrder.LITTLE_ENDIAN);
        r.putInt(PAYLOAD).put(kind).putLong(a).putLong(b).putLong(c).putLong(millis);
        CRC32C crc = new CRC32C();
        crc.update(r.array(), 4, PAYLOAD);
        r.putInt((int) crc.getValue());
        return r.flip();
    }

    private static void read(byte[] bytes, Map<Long, Intent> rowsets, Map<Long, Drop> drops) {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        while (b.remaining() >= RECORD) {
            int start = b.position();
            if (b.getInt(start) != PAYLOAD) {
                break;
            }
            CRC32C crc = new CRC32C();
            crc.update(bytes, start + 4, PAYLOAD);
            if ((int) crc.getValue() != b.getInt(start + 4 + PAYLOAD)) {
                break; // a torn or damaged tail: nothing after it was acknowledged
            }
            b.position(start + 4);
            byte kind = b.get();
            long first = b.getLong();
            long second = b.getLong();
            long rowset = b.getLong();
            long millis = b.getLong();
            b.position(start + RECORD);
            switch (kind) {
                case UPLOADING -> rowsets.put(rowset, new Intent(Kind.UPLOADING, first, second, rowset, millis));
                case ORPHANED -> rowsets.put(rowset, new Intent(Kind.ORPHANED, first, second, rowset, millis));
                case RELEASED -> rowsets.remove(rowset);
                case DROPPING -> drops.put(first, new Drop(first, second, millis));
                case DROPPED -> drops.remove(first);
                default -> {
                    return; // not a record of ours: stop as at a torn tail
                }
            }
        }
    }
}
