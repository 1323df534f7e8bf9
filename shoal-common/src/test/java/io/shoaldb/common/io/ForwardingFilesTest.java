package io.shoaldb.common.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ForwardingFilesTest {
    @TempDir
    Path dir;

    /** Wraps every channel it opens and records the forces that reach it, as a real wrapper would. */
    private static final class Recording extends ForwardingFiles {
        final List<Boolean> forces = new ArrayList<>();
        final List<FileChannel> opened = new ArrayList<>();

        Recording() {
            super(new LocalFiles());
        }

        @Override
        public FileChannel open(Path file, OpenOption... options) throws IOException {
            FileChannel inner = super.open(file, options);
            opened.add(inner);
            return new ForwardingFileChannel(inner) {
                @Override
                public void force(boolean metaData) throws IOException {
                    forces.add(metaData);
                    super.force(metaData);
                }
            };
        }
    }

    @Test
    void writesReadsAndForcesThroughTheWrappers() throws IOException {
        Recording files = new Recording();
        Path file = dir.resolve("sub").resolve("data");
        files.createDirectories(file.getParent());
        byte[] hello = "hello, shoal".getBytes(StandardCharsets.UTF_8);

        FileChannel channel = files.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                StandardOpenOption.WRITE);
        try (channel) {
            assertThat(channel).isInstanceOf(ForwardingFileChannel.class);
            assertThat(channel.write(ByteBuffer.wrap(hello))).isEqualTo(hello.length);
            assertThat(channel.position()).isEqualTo(hello.length);
            files.fsync(channel);
            assertThat(channel.size()).isEqualTo(hello.length);

            ByteBuffer back = ByteBuffer.allocate(hello.length);
            assertThat(channel.read(back, 0)).isEqualTo(hello.length);
            assertThat(back.array()).isEqualTo(hello);
            assertThat(channel.truncate(5)).isSameAs(channel);
            assertThat(channel.position(1)).isSameAs(channel);
        }
        assertThat(files.forces).containsExactly(true);
        assertThat(channel.isOpen()).isFalse();
        assertThat(files.opened).singleElement().satisfies(inner -> assertThat(inner.isOpen()).isFalse());

        assertThat(files.exists(file)).isTrue();
        assertThat(files.readAllBytes(file)).isEqualTo("hello".getBytes(StandardCharsets.UTF_8));
        assertThat(files.list(file.getParent())).containsExactly(file);
        Path moved = file.resolveSibling("moved");
        files.moveAtomically(file, moved);
        files.fsyncDirectory(moved.getParent());
        assertThat(files.usableSpace(moved)).isPositive();
        assertThat(files.deleteIfExists(moved)).isTrue();
        assertThat(files.exists(moved)).isFalse();
    }
}
