package io.shoaldb.storage.segment;

import io.shoaldb.objectstore.ObjectStore;
import io.shoaldb.objectstore.ObjectStoreException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * Where a segment's bytes are read from: its file, the in-memory image an inline rowset carries (see
 * {@link io.shoaldb.storage.rowset.RowsetMeta#inlineSegments()}), or an object of a storage vault. Reads are positional, so one input can
 * serve concurrent scanners.
 */
sealed interface SegmentInput {
    long size() throws IOException;

    /** Exactly {@code length} bytes from {@code position}; an IOException when the input ends before. */
    default byte[] read(long position, int length) throws IOException {
        byte[] bytes = new byte[length];
        readInto(position, bytes, length);
        return bytes;
    }

    /** Like {@link #read}, into {@code into[0..length)}. */
    void readInto(long position, byte[] into, int length) throws IOException;

    void close() throws IOException;

    record FileInput(FileChannel channel) implements SegmentInput {
        @Override
        public long size() throws IOException {
            return channel.size();
        }

        @Override
        public void readInto(long position, byte[] into, int length) throws IOException {
            ByteBuffer buf = ByteBuffer.wrap(into, 0, length);
            while (buf.hasRemaining()) {
                int n = channel.read(buf, position + buf.position());
                if (n < 0) {
                    throw new IOException("unexpected end of file at " + (position + buf.position()));
                }
            }
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }

    record ImageInput(byte[] image) implements SegmentInput {
        @Override
        public long size() {
            return image.length;
        }

        @Override
        public void readInto(long position, byte[] into, int length) throws IOException {
            if (position < 0 || length < 0 || position + length > image.length) {
                throw new IOException("unexpected end of segment image at " + Math.min(position + length,
                        image.length));
            }
            System.arraycopy(image, (int) position, into, 0, length);
        }

        @Override
        public void close() {
        }
    }

    /**
     * An object of a storage vault, read by ranges through {@code store} (in the server a caching store, whose
     * blocks on the data paths serve repeated reads). A store failure surfaces as an IOException naming the key,
     * which the reader turns into the query's I/O error.
     */
    record ObjectInput(ObjectStore store, String key) implements SegmentInput {
        @Override
        public long size() throws IOException {
            try {
                return store.size(key);
            } catch (ObjectStoreException e) {
                throw new IOException(e.getMessage(), e);
            }
        }

        @Override
        public byte[] read(long position, int length) throws IOException {
            try {
                return store.read(key, position, length);
            } catch (ObjectStoreException e) {
                throw new IOException(e.getMessage(), e);
            }
        }

        @Override
        public void readInto(long position, byte[] into, int length) throws IOException {
            byte[] bytes = read(position, length);
            if (bytes.length != length) {
                throw new IOException("object " + key + " gave " + bytes.length + " bytes at " + position + ", not "
                        + length);
            }
            System.arraycopy(bytes, 0, into, 0, length);
        }

        @Override
        public void close() {
        }
    }
}
