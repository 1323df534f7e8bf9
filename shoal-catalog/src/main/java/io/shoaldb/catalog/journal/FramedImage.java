package io.shoaldb.catalog.journal;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.io.DurableFiles;
import io.shoaldb.common.io.FilesFacade;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A checkpoint image file: magic, int format version, then exactly one frame ({@link Frames}) with the
 * payload. It is replaced whole and crash-safely ({@link DurableFiles#replace}: temp file, fsync, rename,
 * fsync directory), so it is always either the old or the new image; any damage is therefore real
 * corruption. Shared by the catalog image ({@link ImageStore}) and the transaction image.
 */
public final class FramedImage {
    static final int VERSION = 1;
    private static final int HEADER_BYTES = 8;

    private final FilesFacade files;
    private final Path path;
    private final int magic;
    private final String kind;

    public FramedImage(FilesFacade files, Path path, int magic, String kind) {
        this.files = files;
        this.path = path;
        this.magic = magic;
        this.kind = kind;
    }

    public Path path() {
        return path;
    }

    /** The payload, or empty when no image was ever written. Throws CORRUPT_FILE or IO_ERROR. */
    public Optional<byte[]> read() {
        if (!files.exists(path)) {
            return Optional.empty();
        }
        byte[] bytes;
        try {
            bytes = files.readAllBytes(path);
        } catch (IOException e) {
            throw ErrorCode.IO_ERROR.exceptionWithCause(e, path, e.getMessage());
        }
        if (bytes.length < HEADER_BYTES) {
            throw ErrorCode.CORRUPT_FILE.exception(path, "shorter than its header");
        }
        ByteBuffer header = ByteBuffer.wrap(bytes, 0, HEADER_BYTES);
        if (header.getInt() != magic) {
            throw ErrorCode.CORRUPT_FILE.exception(path, "not a " + kind + " (bad magic)");
        }
        int version = header.getInt();
        if (version != VERSION) {
            throw ErrorCode.CORRUPT_FILE.exception(path, "unsupported image format version " + version);
        }
        Frames.Read frame = Frames.read(bytes, HEADER_BYTES);
        if (frame.status() != Frames.Status.OK || frame.end() != bytes.length) {
            throw ErrorCode.CORRUPT_FILE.exception(path, "checksum or length mismatch");
        }
        return Optional.of(frame.payload());
    }

    /** Writes the image durably; when this returns a crash leaves this image. */
    public void write(byte[] payload) throws IOException {
        ByteBuffer frame = Frames.frame(payload);
        ByteBuffer content = ByteBuffer.allocate(HEADER_BYTES + frame.remaining());
        content.putInt(magic).putInt(VERSION).put(frame).flip();
        DurableFiles.replace(files, path, content);
    }
}
