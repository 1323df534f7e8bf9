package io.shoaldb.storage.segment;

import io.shoaldb.common.io.DurableFiles;
import io.shoaldb.common.io.FilesFacade;
import io.shoaldb.objectstore.ObjectStore;
import io.shoaldb.objectstore.ObjectStoreException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * Where a {@link SegmentWriter} puts its bytes: a file made durable at the end (fsync of file and
 * directory), a temporary file never synced (a spill run, deleted when its query ends and unneeded after a
 * crash), an in-memory image that becomes durable inside the commit record that carries it, or an object of a
 * storage vault.
 */
sealed interface SegmentOutput {
    /** Writes {@code bytes[0..length)}. */
    void write(byte[] bytes, int length) throws IOException;

    /** The segment is complete: make it durable (a file) or keep it (an image). */
    void finish() throws IOException;

    /** The segment is abandoned: remove what was written. */
    void abandon() throws IOException;

    /**
     * A file; {@code durable} ones are fsynced with their directory at the end. A temporary one (a spill run) lives
     * only as long as its query: durability would cost fsyncs and buy nothing.
     *
     * <p>A durable file is also synced after every {@link #SYNC_BYTES} written. The device then takes a big segment
     * (a compaction's output, a large load's) in pieces of a few milliseconds each; written whole at the end, it is
     * one burst of tens of milliseconds, and every WAL fsync queued behind that burst holds up its
     * acknowledgements as long.
     */
    final class FileOutput implements SegmentOutput {
        static final long SYNC_BYTES = 2 << 20;

        private final FilesFacade files;
        private final Path path;
        private final FileChannel channel;
        private final boolean durable;
        private long unsynced;

        FileOutput(FilesFacade files, Path path, FileChannel channel, boolean durable) {
            this.files = files;
            this.path = path;
            this.channel = channel;
            this.durable = durable;
        }

        FilesFacade files() {
            return files;
        }

        Path path() {
            return path;
        }

        @Override
        public void write(byte[] bytes, int length) throws IOException {
            DurableFiles.writeFully(channel, ByteBuffer.wrap(bytes, 0, length));
            unsynced += length;
            if (durable && unsynced >= SYNC_BYTES) {
                files.fsync(channel);
                unsynced = 0;
            }
        }

        @Override
        public void finish() throws IOException {
            if (durable) {
                files.fsync(channel);
            }
            channel.close();
            if (durable) {
                files.fsyncDirectory(path.toAbsolutePath().getParent());
            }
        }

        @Override
        public void abandon() throws IOException {
            channel.close();
            files.deleteIfExists(path);
        }
    }

    final class ImageOutput implements SegmentOutput {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream(1024);

        @Override
        public void write(byte[] b, int length) {
            bytes.write(b, 0, length);
        }

        @Override
        public void finish() {
        }

        @Override
        public void abandon() {
            bytes.reset();
        }

        byte[] image() {
            return bytes.toByteArray();
        }
    }

    /**
     * An object of a storage vault: the bytes go to a local staging file (never synced: the object is the durable
     * copy), which {@link #finish} uploads as the new object {@code key} (in parts when large; the store never
     * overwrites) and then deletes. A crash leaves at most the staging file, named like a segment file of its
     * rowset, so start-up recovery finds it as it finds any uncommitted segment.
     */
    record ObjectOutput(FileOutput staging, ObjectStore store, String key) implements SegmentOutput {
        @Override
        public void write(byte[] bytes, int length) throws IOException {
            staging.write(bytes, length);
        }

        @Override
        public void finish() throws IOException {
            staging.finish();
            try {
                store.create(key, staging.path());
            } catch (ObjectStoreException e) {
                staging.files().deleteIfExists(staging.path());
                throw new IOException("upload of segment " + key + " failed: " + e.getMessage(), e);
            }
            staging.files().deleteIfExists(staging.path());
        }

        @Override
        public void abandon() throws IOException {
            staging.abandon();
        }
    }
}
