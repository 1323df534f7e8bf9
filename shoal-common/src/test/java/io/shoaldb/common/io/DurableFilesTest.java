package io.shoaldb.common.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DurableFilesTest {
    @TempDir
    Path dir;

    /** Records the directories fsynced. */
    static final class DirSyncs extends ForwardingFiles {
        final List<Path> synced = new ArrayList<>();

        DirSyncs() {
            super(new LocalFiles());
        }

        @Override
        public void fsyncDirectory(Path d) throws IOException {
            synced.add(d);
            super.fsyncDirectory(d);
        }
    }

    @Test
    void createDirectoriesFsyncsTheParentOfEveryLevelItCreates() throws IOException {
        DirSyncs files = new DirSyncs();
        Path meta = dir.resolve("meta");
        Path catalog = meta.resolve("catalog");
        DurableFiles.createDirectories(files, catalog);
        assertThat(files.exists(catalog)).isTrue();
        assertThat(files.synced).containsExactly(dir.toAbsolutePath(), meta.toAbsolutePath());

        files.synced.clear();
        Path txn = meta.resolve("txn");
        DurableFiles.createDirectories(files, txn);
        assertThat(files.synced).containsExactly(meta.toAbsolutePath());

        files.synced.clear();
        DurableFiles.createDirectories(files, txn); // exists: nothing to make durable
        assertThat(files.synced).isEmpty();
    }
}
