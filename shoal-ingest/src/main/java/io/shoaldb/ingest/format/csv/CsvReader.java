package io.shoaldb.ingest.format.csv;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.ingest.convert.Reasons;
import io.shoaldb.ingest.convert.RowBatchAssembler;
import io.shoaldb.ingest.convert.TextRow;
import io.shoaldb.ingest.convert.TextRows;
import io.shoaldb.ingest.convert.Utf8;
import io.shoaldb.ingest.format.BatchReader;
import io.shoaldb.ingest.format.LoadOptions;
import io.shoaldb.ingest.format.RecordLimits;
import io.shoaldb.ingest.format.RecordTooLargeException;
import io.shoaldb.vector.Batch;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Streams a CSV body into batches, byte by byte, without a String per field. Doris's rules:
 * <ul>
 *   <li>records end at {@code line_delimiter} (any bytes); with the default {@code \n} a preceding {@code \r}
 *       is dropped (Doris's {@code keep_carriage_return=false}); the last record needs no delimiter;</li>
 *   <li>empty lines are skipped; a UTF-8 BOM at the start is dropped; {@code skip_lines} (or the 1/2 header
 *       lines of csv_with_names[_and_types]) are read and discarded;</li>
 *   <li>fields split at {@code column_separator} (any bytes); {@code \N} is NULL; with
 *       {@code empty_field_as_null} an empty unquoted field is NULL;</li>
 *   <li>with {@code enclose} a field that starts with it runs to the matching enclose, separators and line
 *       delimiters inside are data; {@code escape} then a byte is that byte, and a doubled enclose is one
 *       (RFC 4180); an enclose still open at the end of the data filters the rest as one row;</li>
 *   <li>{@code trim_double_quotes} strips one pair of {@code "} around a field (quoted fields are never NULL);</li>
 *   <li>a line that is not UTF-8, or whose field count differs from the input columns, is a filtered row
 *       with Doris's reason text.</li>
 * </ul>
 * The reader owns its buffer; fields handed to the assembler are valid only during that call. Records go to the
 * assembler many at a time ({@link TextRows}, converted column by column) until the buffer moves, a batch is full,
 * or a record needs to go on its own (a filtered line, a field unescaped into scratch space), so rows keep their
 * input order. A line longer than {@link RecordLimits#csvLineMaxBytes()} fails the load: the buffer never grows
 * past one line at the limit.
 */
public final class CsvReader implements BatchReader {
    /** Records handed to the assembler at once: enough to amortise a call per column, few enough to stay in cache. */
    private static final int ROWS_AT_ONCE = 1024;
    /**
     * Bytes of buffer per record the hand-over holds room for: a smaller buffer holds fewer records, and a smaller
     * input's decoder then sets up smaller arrays (records beyond the room only cost one more hand-over).
     */
    private static final int BYTES_PER_RECORD_ROOM = 64;
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long BYTE_LANES = 0x0101010101010101L;
    private static final long HIGH_BITS = 0x8080808080808080L;

    private final InputStream in;
    private final RowBatchAssembler assembler;
    private final byte[] sep;
    private final byte[] delim;
    private final boolean simpleSeparators;
    private final boolean stripCr;
    private final byte enclose;
    private final byte escape;
    private final boolean trimDoubleQuotes;
    private final boolean emptyAsNull;
    private final int expectedFields;
    private final TextRow row;
    private final TextRows pending;
    private final long maxLineBytes;
    private final RecordLimits limits;
    private final int baseBuffer;

    private byte[] buf;
    private int pos;
    private int limit;
    private boolean eof;
    private boolean started;
    private int linesToSkip;
    private long bytesRead;

    // fields of the record being scanned: positions in buf, or in scratch when unescaped
    private int[] fieldStart = new int[16];
    private int[] fieldEnd = new int[16];
    private byte[] fieldFlags = new byte[16];
    private int fieldCount;
    private int nonAscii;
    private byte[] scratch = new byte[256];
    private int scratchUsed;

    private static final byte QUOTED = 1;
    private static final byte IN_SCRATCH = 2;
    private static final byte RAW_ENCLOSED = 4;

    public CsvReader(InputStream in, LoadOptions options, RowBatchAssembler assembler, RecordLimits limits) {
        this(in, options, assembler, limits, BatchReader.DEFAULT_BUFFER_BYTES);
    }

    public CsvReader(InputStream in, LoadOptions options, RowBatchAssembler assembler, RecordLimits limits,
            int bufferSize) {
        this(in, options, assembler, limits, new byte[Math.max(bufferSize, 64)]);
    }

    /**
     * A reader of one chunk of a larger input, in memory and cut after a record delimiter by {@link CsvChunks},
     * which has also dropped the input's BOM and skipped lines: the chunk's records are read as they are, from
     * {@code data} itself. {@code data} must not change until the reader is closed.
     */
    static CsvReader ofChunk(byte[] data, int length, LoadOptions options, RowBatchAssembler assembler,
            RecordLimits limits) {
        CsvReader r = new CsvReader(InputStream.nullInputStream(), options, assembler, limits, data);
        r.limit = length;
        r.bytesRead = length;
        r.eof = true;
        r.started = true;
        r.linesToSkip = 0;
        return r;
    }

    private CsvReader(InputStream in, LoadOptions options, RowBatchAssembler assembler, RecordLimits limits,
            byte[] buffer) {
        this.in = in;
        this.maxLineBytes = limits.csvLineMaxBytes();
        this.limits = limits;
        this.assembler = assembler;
        this.sep = options.columnSeparator();
        this.delim = options.lineDelimiter();
        this.simpleSeparators = sep.length == 1 && delim.length == 1;
        this.stripCr = delim.length == 1 && delim[0] == '\n';
        this.enclose = options.enclose();
        this.escape = options.escape();
        this.trimDoubleQuotes = options.trimDoubleQuotes();
        this.emptyAsNull = options.emptyFieldAsNull();
        this.expectedFields = assembler.inputFieldCount();
        this.linesToSkip = options.csvLinesToSkip();
        this.buf = buffer;
        this.baseBuffer = buf.length;
        this.row = new TextRow(expectedFields);
        // A record reaches pending only as valid UTF-8 (checked whole unless ASCII); cut at ASCII separators and
        // enclosing quotes, its fields are valid UTF-8 too.
        this.pending = new TextRows(expectedFields, Math.clamp(buf.length / BYTES_PER_RECORD_ROOM, 16, ROWS_AT_ONCE),
                isAscii(sep) && isAscii(delim) && enclose >= 0 && escape >= 0);
        pending.reset(buf);
    }

    /** The end of a column-count mismatch's reason: the load's separators, as Doris prints them. */
    private String mismatchSuffix() {
        StringBuilder sb = new StringBuilder(" (sep:").append(printable(sep)).append(" delim:").append(printable(delim));
        if (enclose != 0) {
            sb.append(" encl:").append((char) enclose);
        }
        if (escape != 0) {
            sb.append(" esc:").append((char) escape);
        }
        return sb.append(')').toString();
    }

    /** The next batch of converted rows, or null when the input is exhausted. */
    @Override
    public Batch next() throws IOException {
        while (!assembler.isFull(pending) && readRecord()) {
            // each record was handed to the assembler or waits in pending
        }
        handOver();
        if (assembler.pendingRows() == 0 && eof && pos >= limit) {
            return null;
        }
        return assembler.flush();
    }

    /** Body bytes read so far ({@code LoadBytes}). */
    public long bytesRead() {
        return bytesRead;
    }

    /** Reads and processes one record; false at the end of the input. */
    private boolean readRecord() throws IOException {
        if (!started) {
            started = true;
            fill();
            if (limit - pos >= 3 && buf[pos] == (byte) 0xEF && buf[pos + 1] == (byte) 0xBB && buf[pos + 2] == (byte) 0xBF) {
                pos += 3;
            }
        }
        while (true) {
            if (pos >= limit) {
                if (eof) {
                    return false;
                }
                fill();
                continue;
            }
            int end = enclose == 0 ? scanPlain(pos) : scanEnclosed(pos);
            if (end == -1) {
                if (!eof) {
                    fill();
                    continue;
                }
                end = limit; // the last record has no delimiter
                if (enclose != 0 && unterminated) {
                    handOver();
                    assembler.rejectInput("The enclose [" + (char) enclose + "] opened in this row is not closed before"
                            + " the end of the data", buf, pos, limit - pos);
                    pos = limit;
                    return true;
                }
                closeLastField(end);
            }
            int start = pos;
            if (end - start > maxLineBytes) {
                throw lineTooLong();
            }
            pos = Math.min(end + delim.length, limit);
            int lineEnd = end;
            if (stripCr && lineEnd > start && buf[lineEnd - 1] == '\r') {
                lineEnd--;
                if (fieldEnd[fieldCount - 1] > lineEnd && (fieldFlags[fieldCount - 1] & IN_SCRATCH) == 0) {
                    fieldEnd[fieldCount - 1] = lineEnd;
                }
            }
            if (linesToSkip > 0) {
                linesToSkip--;
                continue;
            }
            if (lineEnd == start) {
                continue; // Doris skips empty lines
            }
            handleRecord(start, lineEnd);
            return true;
        }
    }

    private boolean unterminated;

    /** Scans a record without enclose from {@code start}; returns the delimiter position or -1 when incomplete. */
    private int scanPlain(int start) {
        fieldCount = 0;
        nonAscii = 0;
        scratchUsed = 0;
        int fs = start;
        byte[] b = buf;
        int lim = limit;
        if (simpleSeparators) {
            return scanSimple(start, lim);
        }
        int or = 0;
        for (int i = start; i < lim; i++) {
            byte c = b[i];
            or |= c;
            if (c == delim[0] && matches(delim, i)) {
                nonAscii = or;
                addField(fs, i, (byte) 0);
                return i;
            }
            if (c == sep[0] && matches(sep, i)) {
                addField(fs, i, (byte) 0);
                i += sep.length - 1;
                fs = i + 1;
            }
        }
        nonAscii = or;
        pendingFieldStart = fs;
        return -1;
    }

    private int pendingFieldStart;

    /**
     * {@link #scanPlain} for a one-byte separator and delimiter: eight bytes at a time, each word tested for both
     * bytes at once (a field is a few bytes, so the test must find every match in the word, not just the first);
     * the bytes seen are OR-ed together, so their top bit says whether the record is ASCII.
     */
    private int scanSimple(int start, int lim) {
        byte[] b = buf;
        byte s = sep[0];
        byte d = delim[0];
        long sepWord = BYTE_LANES * (s & 0xFF);
        long delimWord = BYTE_LANES * (d & 0xFF);
        long seen = 0;
        int fs = start;
        int i = start;
        for (; i + 8 <= lim; i += 8) {
            long w = (long) LONGS.get(b, i);
            long delims = zeroBytes(w ^ delimWord);
            long matches = zeroBytes(w ^ sepWord) | delims;
            while (matches != 0) {
                long lowest = matches & -matches;
                int at = i + (Long.numberOfTrailingZeros(lowest) >>> 3);
                addField(fs, at, (byte) 0);
                if ((delims & lowest) != 0) {
                    nonAscii = asciiFlag(seen | w & (lowest << 1) - 1); // this word's bytes up to the delimiter
                    return at;
                }
                fs = at + 1;
                matches ^= lowest;
            }
            seen |= w;
        }
        for (; i < lim; i++) {
            byte c = b[i];
            seen |= c & 0xFF;
            if (c == s) {
                addField(fs, i, (byte) 0);
                fs = i + 1;
            } else if (c == d) {
                nonAscii = asciiFlag(seen);
                addField(fs, i, (byte) 0);
                return i;
            }
        }
        nonAscii = asciiFlag(seen);
        pendingFieldStart = fs;
        return -1;
    }

    /** 0x80 in each byte of {@code x} that is zero, 0 elsewhere (exact: no borrow between bytes). */
    private static long zeroBytes(long x) {
        long t = (x & 0x7F7F7F7F7F7F7F7FL) + 0x7F7F7F7F7F7F7F7FL;
        return ~(t | x | 0x7F7F7F7F7F7F7F7FL);
    }

    /** Negative when some byte OR-ed into {@code seen} has its top bit set (the record is not pure ASCII). */
    private static int asciiFlag(long seen) {
        return (seen & HIGH_BITS) != 0 ? -1 : 0;
    }

    /** At the end of the data, the unfinished record's last field ends at {@code end}. */
    private void closeLastField(int end) {
        if (enclose == 0) {
            addField(pendingFieldStart, end, (byte) 0);
        } else {
            finishEnclosedField(pendingFieldStart, withoutCr(pendingFieldStart, end));
        }
    }

    /** With the default delimiter a CRLF line's last field ends before the CR, so its enclose is recognised. */
    private int withoutCr(int fs, int end) {
        return stripCr && end > fs && buf[end - 1] == '\r' ? end - 1 : end;
    }

    private boolean matches(byte[] pattern, int at) {
        if (at + pattern.length > limit) {
            return false;
        }
        for (int k = 1; k < pattern.length; k++) {
            if (buf[at + k] != pattern[k]) {
                return false;
            }
        }
        return true;
    }

    /** Scans a record whose fields may be enclosed; returns the delimiter position or -1 when incomplete. */
    private int scanEnclosed(int start) {
        fieldCount = 0;
        nonAscii = 0;
        scratchUsed = 0;
        unterminated = false;
        int or = 0;
        int i = start;
        int fs = start;
        while (i < limit) {
            byte c = buf[i];
            if (i == fs && c == enclose) {
                int close = findClose(i + 1);
                if (close < 0) {
                    unterminated = true;
                    nonAscii = -1;
                    return -1;
                }
                for (int k = i; k < close; k++) {
                    or |= buf[k];
                }
                i = close + 1; // continue after the closing enclose; the field ends at the next separator
                continue;
            }
            or |= c;
            if (c == delim[0] && matches(delim, i)) {
                nonAscii = or;
                finishEnclosedField(fs, withoutCr(fs, i));
                return i;
            }
            if (c == sep[0] && matches(sep, i)) {
                finishEnclosedField(fs, i);
                i += sep.length;
                fs = i;
                continue;
            }
            i++;
        }
        nonAscii = or;
        pendingFieldStart = fs;
        return -1;
    }

    /** Position of the enclose closing a field whose content starts at {@code i}, or -1 when not in the buffer. */
    private int findClose(int i) {
        while (i < limit) {
            byte c = buf[i];
            if (escape != 0 && c == escape && escape != enclose) {
                i += 2;
                continue;
            }
            if (c == enclose) {
                if (i + 1 < limit && buf[i + 1] == enclose) {
                    i += 2; // doubled enclose is a literal one
                    continue;
                }
                if (i + 1 >= limit && !eof) {
                    return -1; // cannot tell a doubled enclose from a closing one yet
                }
                return i;
            }
            i++;
        }
        return -1;
    }

    /** Records field [fs, end): unquotes an enclosed field, copying only when escapes must be removed. */
    private void finishEnclosedField(int fs, int end) {
        if (end - fs >= 2 && buf[fs] == enclose && buf[end - 1] == enclose) {
            int from = fs + 1;
            int to = end - 1;
            boolean needsCopy = false;
            for (int k = from; k < to; k++) {
                if ((escape != 0 && buf[k] == escape) || (buf[k] == enclose)) {
                    needsCopy = true;
                    break;
                }
            }
            if (!needsCopy) {
                addField(from, to, QUOTED);
                return;
            }
            int outStart = scratchUsed;
            ensureScratch(to - from);
            for (int k = from; k < to; k++) {
                byte c = buf[k];
                if (escape != 0 && c == escape && escape != enclose && k + 1 < to) {
                    c = buf[++k];
                } else if (c == enclose && k + 1 < to && buf[k + 1] == enclose) {
                    k++;
                }
                scratch[scratchUsed++] = c;
            }
            addField(outStart, scratchUsed, (byte) (QUOTED | IN_SCRATCH));
            return;
        }
        addField(fs, end, buf[fs < end ? fs : end - 1] == enclose && fs < end ? RAW_ENCLOSED : 0);
    }

    private void ensureScratch(int more) {
        if (scratchUsed + more > scratch.length) {
            // fields of this record hold offsets into scratch, which the copy keeps
            scratch = Arrays.copyOf(scratch, Math.max(scratch.length * 2, scratchUsed + more));
        }
    }

    private void addField(int start, int end, byte flags) {
        if (fieldCount == fieldStart.length) {
            fieldStart = Arrays.copyOf(fieldStart, fieldCount * 2);
            fieldEnd = Arrays.copyOf(fieldEnd, fieldCount * 2);
            fieldFlags = Arrays.copyOf(fieldFlags, fieldCount * 2);
        }
        fieldStart[fieldCount] = start;
        fieldEnd[fieldCount] = end;
        fieldFlags[fieldCount++] = flags;
    }

    /**
     * Hands a record's fields to the assembler: with the records waiting in {@link #pending}, unless its fields are
     * partly in scratch space (which the next record reuses) or it is filtered, which go on their own after the
     * waiting ones.
     */
    private void handleRecord(int start, int end) {
        if (nonAscii < 0 && !Utf8.isValid(buf, start, end - start)) {
            handOver();
            assembler.rejectInput(Reasons.INVALID_UTF8_LINE, buf, start, end - start);
            return;
        }
        if (fieldCount != expectedFields) {
            handOver();
            assembler.rejectInput("Column count mismatch: expected " + expectedFields + ", but found " + fieldCount
                    + mismatchSuffix(), buf, start, end - start);
            return;
        }
        boolean alone = false;
        for (int f = 0; f < fieldCount; f++) {
            alone |= (fieldFlags[f] & IN_SCRATCH) != 0;
        }
        int waiting = -1;
        if (alone) {
            handOver();
            row.clear();
            row.setLine(buf, start, end - start);
        } else {
            waiting = pending.addRow(start, end - start);
        }
        for (int f = 0; f < fieldCount; f++) {
            byte flags = fieldFlags[f];
            byte[] src = (flags & IN_SCRATCH) != 0 ? scratch : buf;
            int s = fieldStart[f];
            int e = fieldEnd[f];
            boolean quoted = (flags & QUOTED) != 0;
            if (trimDoubleQuotes && !quoted && e - s >= 2 && src[s] == '"' && src[e - 1] == '"') {
                s++;
                e--;
                quoted = true;
            }
            boolean isNull = !quoted && (e - s == 2 && src[s] == '\\' && src[s + 1] == 'N' || emptyAsNull && e == s);
            if (!alone) {
                pending.setField(waiting, f, s, isNull ? TextRow.NULL : e - s);
            } else if (isNull) {
                row.addNull();
            } else {
                row.add(src, s, e - s);
            }
        }
        if (alone) {
            assembler.appendText(row);
        } else if (pending.isFull()) {
            handOver();
        }
    }

    /** Converts the records waiting in {@link #pending}: before the buffer moves, and before any record on its own. */
    private void handOver() {
        if (!pending.isEmpty()) {
            assembler.appendRows(pending);
            pending.reset(buf);
        }
    }

    /**
     * Moves the unread tail to the front, grows the buffer when a record fills it, and reads more: at least 64 KiB,
     * and at least as much as the unfinished record already holds, because the record is scanned again from its
     * start; so a long line costs linear, not quadratic, scanning.
     */
    private void fill() throws IOException {
        handOver();
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, limit - pos);
            limit -= pos;
            pos = 0;
        }
        long wanted = limit + Math.max(64 * 1024L, limit);
        if (limit == buf.length) {
            buf = limits.grown(buf, maxLineBytes, delim.length, baseBuffer, this::lineTooLong);
        }
        while (limit < buf.length) {
            int n = in.read(buf, limit, buf.length - limit);
            if (n < 0) {
                eof = true;
                break;
            }
            limit += n;
            bytesRead += n;
            if (n > 0 && limit >= wanted) {
                break; // enough to make progress; do not block for a full buffer on a slow client
            }
        }
        pending.reset(buf);
    }

    private RecordTooLargeException lineTooLong() {
        return lineTooLong(maxLineBytes);
    }

    static RecordTooLargeException lineTooLong(long maxLineBytes) {
        return new RecordTooLargeException(ErrorCode.LOAD_RECORD_TOO_LARGE.format("A CSV line",
                "streaming_load_csv_line_max_mb", maxLineBytes));
    }

    private static boolean isAscii(byte[] bytes) {
        for (byte b : bytes) {
            if (b < 0) {
                return false;
            }
        }
        return true;
    }

    private static String printable(byte[] bytes) {
        StringBuilder sb = new StringBuilder();
        for (byte b : bytes) {
            switch (b) {
                case '\t' -> sb.append("\\t");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                default -> {
                    if (b >= 0x20 && b < 0x7F) {
                        sb.append((char) b);
                    } else {
                        sb.append(String.format("\\x%02X", b & 0xFF));
                    }
                }
            }
        }
        return sb.toString();
    }

    @Override
    public void close() throws IOException {
        limits.release(buf.length, baseBuffer);
        buf = new byte[0]; // the large buffer goes at once, and a second close releases nothing
        in.close();
    }
}
