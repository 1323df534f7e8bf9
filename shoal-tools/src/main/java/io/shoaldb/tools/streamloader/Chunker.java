package io.shoaldb.tools.streamloader;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Reads the source files in order and cuts them into chunks of about {@code batchBytes}, each ending on a line
 * boundary so that no row is split between two requests (a line longer than the batch becomes one chunk).
 * A file's last line gets a newline if it lacks one, so files concatenate cleanly. Not thread-safe: one producer.
 */
final class Chunker {
    /** One request body: its sequence number (for its label) and bytes. */
    record Chunk(int index, byte[] data, int length) {
    }

    private final List<Path> files;
    private final int batchBytes;
    private int fileIndex;
    private InputStream in;
    private byte[] carry = new byte[0];
    private int chunks;

    Chunker(List<Path> files, int batchBytes) {
        this.files = files;
        this.batchBytes = batchBytes;
    }

    /** The next chunk, or null when every file is read. */
    Chunk next() throws IOException {
        byte[] buf = Arrays.copyOf(carry, Math.max(batchBytes, carry.length));
        int len = carry.length;
        carry = new byte[0];
        while (true) {
            if (len == buf.length) {
                int cut = lastNewline(buf, len);
                if (cut >= 0) {
                    carry = Arrays.copyOfRange(buf, cut + 1, len);
                    return new Chunk(chunks++, buf, cut + 1);
                }
                buf = Arrays.copyOf(buf, buf.length * 2); // one line longer than the batch
            }
            if (in == null) {
                if (fileIndex >= files.size()) {
                    return len == 0 ? null : new Chunk(chunks++, buf, len);
                }
                in = Files.newInputStream(files.get(fileIndex++));
            }
            int n = in.read(buf, len, buf.length - len);
            if (n < 0) {
                in.close();
                in = null;
                if (len > 0 && buf[len - 1] != '\n') {
                    if (len == buf.length) {
                        buf = Arrays.copyOf(buf, buf.length + 1);
                    }
                    buf[len++] = '\n';
                }
                continue;
            }
            len += n;
        }
    }

    private static int lastNewline(byte[] buf, int len) {
        for (int i = len - 1; i >= 0; i--) {
            if (buf[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    static long countLines(byte[] data, int length) {
        long lines = 0;
        for (int i = 0; i < length; i++) {
            if (data[i] == '\n') {
                lines++;
            }
        }
        return lines;
    }
}
