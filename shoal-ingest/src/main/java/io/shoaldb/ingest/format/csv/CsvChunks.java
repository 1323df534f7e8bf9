package io.shoaldb.ingest.format.csv;

import io.shoaldb.ingest.format.RecordLimits;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Cuts a CSV input into chunks that each end just after a record delimiter, so that each chunk decodes on its own
 * ({@link ParallelCsvReader}). This is sound only where a delimiter byte always ends a record: no {@code enclose}
 * (a quoted field may hold delimiters) and a one-byte delimiter (a longer one could match at another alignment
 * when searched from the end). The input's BOM and its skipped lines ({@code skip_lines}, the header lines of
 * {@code csv_with_names}) are dropped here, as {@link CsvReader} drops them at the start of its input, so no chunk
 * needs to know where it lies. A line longer than the record limit fails as it does in {@link CsvReader}; a chunk
 * grows past its size only to hold such a line, within the limit and the {@link RecordLimits#budget()}.
 */
final class CsvChunks {
    /** A chunk: {@code data[0, length)}, whole records only (the input's last one may lack its delimiter). */
    record Chunk(byte[] data, int length) {
    }

    private final InputStream in;
    private final byte delimiter;
    private final int chunkBytes;
    private final long maxLineBytes;
    private final RecordLimits limits;
    private int linesToSkip;
    private boolean started;
    private boolean eof;
    /** The records' start after the last chunk's cut: the beginning of a record, no delimiter in it. */
    private byte[] carry = new byte[0];
    private int carryLength;

    CsvChunks(InputStream in, byte delimiter, int linesToSkip, int chunkBytes, RecordLimits limits) {
        this.in = in;
        this.delimiter = delimiter;
        this.linesToSkip = linesToSkip;
        this.chunkBytes = chunkBytes;
        this.maxLineBytes = limits.csvLineMaxBytes();
        this.limits = limits;
    }

    /** The chunk size: buffers of this length are the ones {@link #next} fills without growing them. */
    int chunkBytes() {
        return chunkBytes;
    }

    /**
     * The next chunk, in {@code buffer} (of {@link #chunkBytes()}) or, for a line longer than that, in a larger
     * array held against the budget until {@link #release}; null at the end of the input.
     */
    Chunk next(byte[] buffer) throws IOException {
        byte[] buf = buffer;
        try {
            while (buf.length < carryLength) { // the rest of a chunk grown for a long line
                buf = grown(buf);
            }
            int limit = skipStart(buf);
            if (limit < 0) {
                return null;
            }
            int searchFrom = 0;
            while (true) {
                limit = fill(buf, limit);
                if (eof) {
                    carryLength = 0;
                    return limit == 0 ? null : new Chunk(buf, limit);
                }
                int cut = lastDelimiter(buf, searchFrom, limit);
                if (cut >= 0) {
                    keepCarry(buf, cut + 1, limit);
                    return new Chunk(buf, cut + 1);
                }
                // one record fills the whole buffer: it may go up to the limit, as in CsvReader
                if (limit > maxLineBytes) {
                    throw CsvReader.lineTooLong(maxLineBytes);
                }
                searchFrom = limit;
                buf = grown(buf);
            }
        } catch (IOException | RuntimeException e) {
            limits.release(buf.length, chunkBytes);
            throw e;
        }
    }

    private byte[] grown(byte[] buf) throws IOException {
        return limits.grown(buf, maxLineBytes, 1, chunkBytes, () -> CsvReader.lineTooLong(maxLineBytes));
    }

    /** Gives back what a chunk's larger array held against the budget; the chunk is no longer read. */
    void release(Chunk chunk) {
        limits.release(chunk.data().length, chunkBytes);
    }

    /**
     * Puts the carry into {@code buf} (at the start of the input: drops the BOM and reads past the skipped lines
     * first); returns the bytes in {@code buf}, or -1 when the input ended within the skipped lines.
     */
    private int skipStart(byte[] buf) throws IOException {
        if (started) {
            System.arraycopy(carry, 0, buf, 0, carryLength);
            return carryLength;
        }
        started = true;
        int limit = fill(buf, 0);
        int at = 0;
        if (limit >= 3 && buf[0] == (byte) 0xEF && buf[1] == (byte) 0xBB && buf[2] == (byte) 0xBF) {
            at = 3;
        }
        long lineBytes = 0; // of the skipped line that runs past the buffer
        while (linesToSkip > 0) {
            int end = indexOf(buf, at, limit);
            if (end >= 0) {
                lineBytes = 0;
                at = end + 1;
                linesToSkip--;
                continue;
            }
            // the skipped line goes on past the buffer: its bytes are not needed, only its length
            lineBytes += limit - at;
            if (lineBytes > maxLineBytes) {
                throw CsvReader.lineTooLong(maxLineBytes);
            }
            if (eof) {
                return -1;
            }
            limit = fill(buf, 0);
            at = 0;
        }
        System.arraycopy(buf, at, buf, 0, limit - at);
        return limit - at;
    }
    /** Reads until {@code buf} is full or the input ends; returns the new limit. */
    private int fill(byte[] buf, int limit) throws IOException {
        while (limit < buf.length && !eof) {
            int n = in.read(buf, limit, buf.length - limit);
            if (n < 0) {
                eof = true;
            } else {
                limit += n;
            }
        }
        return limit;
    }

    private void keepCarry(byte[] buf, int from, int limit) {
        carryLength = limit - from;
        if (carry.length < carryLength) {
            carry = new byte[Math.max(carryLength, Math.min(chunkBytes, carry.length * 2 + 64))];
        }
        System.arraycopy(buf, from, carry, 0, carryLength);
    }

    private int lastDelimiter(byte[] buf, int from, int limit) {
        for (int i = limit - 1; i >= from; i--) {
            if (buf[i] == delimiter) {
                return i;
            }
        }
        return -1;
    }

    private int indexOf(byte[] buf, int from, int limit) {
        for (int i = from; i < limit; i++) {
            if (buf[i] == delimiter) {
                return i;
            }
        }
        return -1;
    }

    void close() throws IOException {
        carry = new byte[0];
        in.close();
    }
}
