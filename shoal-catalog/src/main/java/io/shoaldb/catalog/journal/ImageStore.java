package io.shoaldb.catalog.journal;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.io.DurableFiles;
import io.shoaldb.common.io.FilesFacade;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The checkpoint image file {@code catalog.image}: magic {@code SHCI}, int format version, then one frame
 * ({@link Frames}) holding the {@link CatalogImage} as JSON. It is replaced whole and crash-safely
 * ({@link DurableFiles#replace}: temp file, fsync, rename, fsync directory), so it is always either the old
 * or the new image; any damage is therefore real corruption and refuses the start.
 */
public final class ImageStore {
    public static final String FILE_NAME = "catalog.image";
    static final int MAGIC = 0x53484349; // "SHCI"
    static final int VERSION = 1;
    private static final int HEADER_BYTES = 8;

    private final FilesFacade files;
    private final Path path;

    public ImageStore(FilesFacade files, Path dir) {
        this.files = files;
        this.path = dir.resolve(FILE_NAME);
    }

    public Path path() {
        return path;
    }

    /** The image, or empty when none was ever written. Throws CORRUPT_FILE or IO_ERROR. */
    public Optional<CatalogImage> read() {
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
        if (header.getInt() != MAGIC) {
            throw ErrorCode.CORRUPT_FILE.exception(path, "not a catalog image (bad magic)");
        }
        int version = header.getInt();
        if (version != VERSION) {
            throw ErrorCode.CORRUPT_FILE.exception(path, "unsupported image format version " + version);
        }
        Frames.Read frame = Frames.read(bytes, HEADER_BYTES);
        if (frame.status() != Frames.Status.OK || frame.end() != bytes.length) {
            throw ErrorCode.CORRUPT_FILE.exception(path, "checksum or length mismatch");
        }
        try {
            return Optional.of(JsonCodec.decode(frame.payload(), CatalogImage.class));
        } catch (IOException | RuntimeException e) {
            throw ErrorCode.CORRUPT_FILE.exceptionWithCause(e, path, "cannot read the image: " + e.getMessage());
        }
    }

    /** Writes the image durably; when this returns a crash leaves this image. */
    public void write(CatalogImage image) throws IOException {
        ByteBuffer frame = Frames.frame(JsonCodec.encode(image));
        ByteBuffer content = ByteBuffer.allocate(HEADER_BYTES + frame.remaining());
        content.putInt(MAGIC).putInt(VERSION).put(frame).flip();
        DurableFiles.replace(files, path, content);
    }
}
