package io.shoaldb.common.error;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An I/O error on a file says which kind of failure it was when the JDK's text is only the path. */
class IoErrorsTest {
    @TempDir
    Path dir;

    @Test
    void aMissingDirectoryAndATakenNameReadDifferently() throws IOException {
        Path taken = Files.createFile(dir.resolve("taken"));
        Path inMissingDir = dir.resolve("missing").resolve("file");
        ShoalException takenError = IoErrors.of(createNew(taken), taken);
        ShoalException missingError = IoErrors.of(createNew(inMissingDir), inMissingDir);
        assertThat(takenError.code()).isEqualTo(ErrorCode.IO_ERROR);
        assertThat(takenError.getMessage()).startsWith("I/O error on " + taken).endsWith("(FileAlreadyExistsException)");
        assertThat(missingError.getMessage()).startsWith("I/O error on " + inMissingDir)
                .endsWith("(NoSuchFileException)");
        assertThat(IoErrors.of(new IOException("No space left on device"), taken).code()).isEqualTo(ErrorCode.DISK_FULL);
    }

    private static IOException createNew(Path path) {
        return catchThrowableOfType(IOException.class, () -> {
            try (FileChannel c = FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                c.force(true);
            }
        });
    }
}
