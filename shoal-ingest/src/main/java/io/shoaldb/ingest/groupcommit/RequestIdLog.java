package io.shoaldb.ingest.groupcommit;

import io.shoaldb.common.io.DurableFiles;
import io.shoaldb.common.io.FilesFacade;
import io.shoaldb.ingest.groupcommit.wal.WalDirectories;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;
import java.util.zip.CRC32C;

/**
 * The durable half of retry de-duplication: one append-only file per table,
 * {@code <first WAL dir>/<db_id>/<table_id>/request-ids.log}, holding the request ids of committed loads.
 * A batch's ids are appended and fsynced after its transaction is visible and before its WAL is deleted, so
 * at every instant an acknowledged request id is in a WAL record or in this file (or both - replay of a WAL
 * whose transaction is already visible appends its ids again, which is harmless). Records:
 * {@code u32 length | payload | u32 CRC32C}, payload = {@code i64 committed millis, i64 txn id, i64 rows,
 * u8 ranAsSync, u16+UTF-8 label, u16+UTF-8 request id, i64 commit txn id}. Entries are written before the
 * commit they depend on; at start an entry whose commit txn did not commit is ignored. A torn or corrupt tail ends the file (the ids in it
 * are at worst also in a WAL), so appends go at the end of the last whole record, cutting such a tail off
 * first: appended after it, acknowledged ids would be unreadable at the next start. Expired entries are
 * dropped by rewriting the file with {@link DurableFiles}.
 */
final class RequestIdLog {
    static final String FILE_NAME = "request-ids.log";
    /** The largest string (label, request id) a record's u16 length can hold. */
    static final int MAX_STRING_BYTES = 0xFFFF;

    /**
     * One request id and the result its load reported. {@code commitTxnId} is the transaction whose commit
     * makes the entry true: the batch's own, or for a replayed WAL the replay's (the client was told the
     * original label and txn id, which {@code result} keeps).
     */
    record Entry(String requestId, LoadResult result, long committedMillis, long commitTxnId) {
    }

    private final FilesFacade files;
    private final WalDirectories dirs;
    private final LongSupplier databaseId;
    private final long tableId;
    private long appendedSinceRewrite;
    /** Bytes of whole records at the file's start (where the next append goes); -1 until the file is read. */
    private long validEnd = -1;

    /** The database id is asked for late: a queue may exist (blockTable) before its first load names it. */
    RequestIdLog(FilesFacade files, WalDirectories dirs, LongSupplier databaseId, long tableId) {
        this.files = files;
        this.dirs = dirs;
        this.databaseId = databaseId;
        this.tableId = tableId;
    }

    Path file() {
        return WalDirectories.tableDir(dirs.roots().getFirst(), databaseId.getAsLong(), tableId).resolve(FILE_NAME);
    }

    synchronized List<Entry> read() throws IOException {
        Path file = file();
        List<Entry> out = new ArrayList<>();
        validEnd = 0;
        if (!files.exists(file)) {
            return out;
        }
        ByteBuffer b = ByteBuffer.wrap(files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        while (b.remaining() >= 4) {
            int length = b.getInt();
            if (length <= 0 || length + 4 > b.remaining()) {
                break;
            }
            int start = b.position();
            CRC32C crc = new CRC32C();
            crc.update(b.array(), start, length);
            if ((int) crc.getValue() != b.getInt(start + length)) {
                break;
            }
            long committed = b.getLong();
            long txnId = b.getLong();
            long rows = b.getLong();
            boolean ranAsSync = b.get() != 0;
            int end = start + length;
            String label = string(b, end);
            String id = string(b, end);
            if (label == null || id == null || end - b.position() != 8) {
                break; // the lengths inside a record whose CRC matched do not add up: not ours, stop here
            }
            long commitTxnId = b.getLong();
            b.position(start + length + 4);
            out.add(new Entry(id, new LoadResult(label, txnId, LoadResult.STATUS, rows, ranAsSync, committed),
                    committed, commitTxnId));
            validEnd = b.position();
        }
        appendedSinceRewrite = out.size();
        return out;
    }

    /**
     * Appends after the last whole record and fsyncs (creating the file durably the first time). Whatever
     * lies past that record - the torn tail of an append a crash cut, or of one that failed here - is cut off
     * in the same fsync.
     */
    synchronized void append(List<Entry> entries) throws IOException {
        if (entries.isEmpty()) {
            return;
        }
        Path file = file();
        dirs.ensureTableDir(dirs.roots().getFirst(), databaseId.getAsLong(), tableId);
        boolean created = !files.exists(file);
        if (created) {
            validEnd = 0;
        } else if (validEnd < 0) {
            read();
        }
        ByteBuffer records = encode(entries);
        try (FileChannel ch = files.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            if (ch.size() > validEnd) {
                ch.truncate(validEnd);
            }
            ch.position(validEnd);
            DurableFiles.writeFully(ch, records);
            files.fsync(ch);
        }
        if (created) {
            files.fsyncDirectory(file.getParent());
        }
        validEnd += records.limit();
        appendedSinceRewrite += entries.size();
    }

    /** Whether the file holds so many dead entries that {@link #rewrite} pays. */
    synchronized boolean wantsRewrite(int live) {
        return appendedSinceRewrite > 1024 && appendedSinceRewrite > 2L * live;
    }

    /** Replaces the file by the live entries, crash-safely. */
    synchronized void rewrite(List<Entry> live) throws IOException {
        ByteBuffer records = encode(live);
        validEnd = -1; // until the new file is in place; a failure here has the next append read it again
        DurableFiles.replace(files, file(), records);
        validEnd = records.limit();
        appendedSinceRewrite = live.size();
    }

    private static ByteBuffer encode(List<Entry> entries) {
        List<byte[][]> strings = new ArrayList<>();
        int total = 0;
        for (Entry e : entries) {
            byte[] label = checkedLength(e.result().label().getBytes(StandardCharsets.UTF_8), "label");
            byte[] id = checkedLength(e.requestId().getBytes(StandardCharsets.UTF_8), "request id");
            strings.add(new byte[][] {label, id});
            total += 4 + payloadLength(label, id) + 4;
        }
        ByteBuffer out = ByteBuffer.allocate(total).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            byte[] label = strings.get(i)[0];
            byte[] id = strings.get(i)[1];
            int length = payloadLength(label, id);
            out.putInt(length);
            int start = out.position();
            out.putLong(e.committedMillis()).putLong(e.result().txnId()).putLong(e.result().loadedRows());
            out.put((byte) (e.result().ranAsSync() ? 1 : 0));
            out.putShort((short) label.length).put(label);
            out.putShort((short) id.length).put(id);
            out.putLong(e.commitTxnId());
            CRC32C crc = new CRC32C();
            crc.update(out.array(), start, length);
            out.putInt((int) crc.getValue());
        }
        return out.flip();
    }

    private static int payloadLength(byte[] label, byte[] id) {
        return 8 + 8 + 8 + 1 + 2 + label.length + 2 + id.length + 8;
    }

    /**
     * Strings are stored with a u16 length: a longer one would be cut and the record would decode as another
     * id. Loads cannot get here with one ({@link GroupCommitManager} caps request ids far below), so this
     * guards the format, not user input.
     */
    private static byte[] checkedLength(byte[] utf8, String what) {
        if (utf8.length > MAX_STRING_BYTES) {
            throw new IllegalArgumentException("a " + what + " of " + utf8.length + " bytes does not fit a request-id"
                    + " log record (at most " + MAX_STRING_BYTES + " bytes)");
        }
        return utf8;
    }

    /** A u16-length string that must end by {@code end}; null when it would run past it. */
    private static String string(ByteBuffer b, int end) {
        if (end - b.position() < 2) {
            return null;
        }
        int length = Short.toUnsignedInt(b.getShort());
        if (length > end - b.position()) {
            return null;
        }
        byte[] s = new byte[length];
        b.get(s);
        return new String(s, StandardCharsets.UTF_8);
    }
}
