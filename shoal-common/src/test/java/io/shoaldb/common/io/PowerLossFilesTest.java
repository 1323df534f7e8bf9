package io.shoaldb.common.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PowerLossFilesTest {
    @TempDir
    Path dir;

    private static void append(FileChannel ch, String s) throws IOException {
        DurableFiles.writeFully(ch, ByteBuffer.wrap(s.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void fsyncedBytesSurviveUnsyncedOnesMayBeLostOrTorn() throws IOException {
        for (int seed = 0; seed < 50; seed++) {
            Path root = dir.resolve("r" + seed);
            PowerLossFiles files = new PowerLossFiles(root);
            Path f = root.resolve("log");
            try (FileChannel ch = files.open(f, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                append(ch, "durable;");
                files.fsync(ch);
                files.fsyncDirectory(root);
                append(ch, "volatile");
                files.powerLoss(new Random(seed));
                assertThatThrownBy(() -> append(ch, "x")).hasMessageContaining("power lost");
            }
            String after = Files.readString(f);
            assertThat("durable;volatile").startsWith(after);
            assertThat(after).startsWith("durable;");
        }
    }

    @Test
    void aNewFileWithoutADirectoryFsyncMayVanishAndARenameIsAtomic() throws IOException {
        boolean vanished = false;
        boolean kept = false;
        for (int seed = 0; seed < 50; seed++) {
            Path root = dir.resolve("r" + seed);
            PowerLossFiles files = new PowerLossFiles(root);
            Path a = root.resolve("a");
            try (FileChannel ch = files.open(a, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                append(ch, "A");
                files.fsync(ch);
            }
            files.fsyncDirectory(root);
            Path n = root.resolve("new");
            try (FileChannel ch = files.open(n, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                append(ch, "N");
                files.fsync(ch);
            }
            files.moveAtomically(a, root.resolve("b"));
            files.powerLoss(new Random(seed));
            vanished |= !Files.exists(n);
            kept |= Files.exists(n);
            assertThat(Files.exists(a) ^ Files.exists(root.resolve("b"))).as("exactly one name after a rename").isTrue();
            assertThat(files.restarted().readAllBytes(Files.exists(a) ? a : root.resolve("b"))).containsExactly('A');
        }
        assertThat(vanished).isTrue();
        assertThat(kept).isTrue();
    }
}
