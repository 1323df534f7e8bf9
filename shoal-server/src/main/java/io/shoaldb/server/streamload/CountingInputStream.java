package io.shoaldb.server.streamload;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Counts the bytes received ({@code LoadBytes} is what arrived on the wire, before decompression) and
 * remembers whether the body itself failed, so that a client that went away is told apart from a corrupt
 * compressed stream that fails in the decompressor above it.
 */
final class CountingInputStream extends FilterInputStream {
    private long count;
    private IOException failure;

    CountingInputStream(InputStream in) {
        super(in);
    }

    long count() {
        return count;
    }

    /** The body's own failure (client gone, stalled, too large), or null. */
    IOException failure() {
        return failure;
    }

    @Override
    public int read() throws IOException {
        int b;
        try {
            b = in.read();
        } catch (IOException e) {
            failure = e;
            throw e;
        }
        if (b >= 0) {
            count++;
        }
        return b;
    }

    @Override
    public int read(byte[] buf, int off, int len) throws IOException {
        int n;
        try {
            n = in.read(buf, off, len);
        } catch (IOException e) {
            failure = e;
            throw e;
        }
        if (n > 0) {
            count += n;
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        long skipped = in.skip(n);
        count += skipped;
        return skipped;
    }

    @Override
    public boolean markSupported() {
        return false;
    }
}
