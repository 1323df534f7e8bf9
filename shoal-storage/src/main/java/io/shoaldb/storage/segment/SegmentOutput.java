package io.shoaldb.storage.segment;

import io.shoaldb.common.io.DurableFiles;
import io.shoaldb.common.io.FilesFacade;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * Where a {@link SegmentWriter} puts its bytes: a file made durable at the end (fsync of file and
 * directory), a temporary file never synced (a spill run, deleted when its query ends and unneeded after a
 * crash), or an in-memory image that becomes durable inside the commit record that carries it.
 */
sealed interface SegmentOutput {
    void write(byte[] bytes) throws IOException;

    /** The segment is complete: make it durable (a file) or keep it (an image). */
    void finish() throws IOException;

    /** The segment is abandoned: remove what was written. */
    void abandon() throws IOException;

    record FileOutput(FilesFacade files, Path path, FileChannel channel) implements SegmentOutput {
        @Override
        public void write(byte[] bytes) throws IOException {
            DurableFiles.writeFully(channel, ByteBuffer.wrap(bytes));
        }

        @Override
        public void finish() throws IOException {
            files.fsync(channel);
            channel.close();
            files.fsyncDirectory(path.toAbsolutePath().getParent());
        }

        @Override
        public void abandon() throws IOException {
            channel.close();
            files.deleteIfExists(path);
        }
    }

    /** A file that lives only as long as its query: durability would cost fsyncs and buy nothing. */
    record TemporaryFileOutput(FilesFacade files, Path path, FileChannel channel) implements SegmentOutput {
        @Override
        public void write(byte[] bytes) throws IOException {
            DurableFiles.writeFully(channel, ByteBuffer.wrap(bytes));
        }

        @Override
        public void finish() throws IOException {
            channel.close();
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
        public void write(byte[] b) {
            bytes.write(b, 0, b.length);
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
}
