package io.shoaldb.catalog.journal;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.io.FilesFacade;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The checkpoint image file {@code catalog.image}: a {@link FramedImage} with magic {@code SHCI} holding
 * the {@link CatalogImage} as JSON.
 */
public final class ImageStore {
    public static final String FILE_NAME = "catalog.image";
    static final int MAGIC = 0x53484349; // "SHCI"

    private final FramedImage image;

    public ImageStore(FilesFacade files, Path dir) {
        this.image = new FramedImage(files, dir.resolve(FILE_NAME), MAGIC, "catalog image");
    }

    public Path path() {
        return image.path();
    }

    /** The image, or empty when none was ever written. Throws CORRUPT_FILE or IO_ERROR. */
    public Optional<CatalogImage> read() {
        Optional<byte[]> payload = image.read();
        if (payload.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(JsonCodec.decode(payload.get(), CatalogImage.class));
        } catch (IOException | RuntimeException e) {
            throw ErrorCode.CORRUPT_FILE.exceptionWithCause(e, path(), "cannot read the image: " + e.getMessage());
        }
    }

    /** Writes the image durably; when this returns a crash leaves this image. */
    public void write(CatalogImage image) throws IOException {
        this.image.write(JsonCodec.encode(image));
    }
}
