package io.shoaldb.txn;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.common.io.ForwardingFiles;
import io.shoaldb.common.io.LocalFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A new commit-log directory's entry must survive a crash: its parent is fsynced after creating it. */
class MetaDirectoryDurabilityTest {
    @TempDir
    Path dir;

    @Test
    void openingAFreshCommitLogFsyncsTheParentOfItsDirectory() throws IOException {
        List<Path> synced = new ArrayList<>();
        ForwardingFiles files = new ForwardingFiles(new LocalFiles()) {
            @Override
            public void fsyncDirectory(Path d) throws IOException {
                synced.add(d.toAbsolutePath());
                super.fsyncDirectory(d);
            }
        };
        Path meta = dir.resolve("meta");
        try (TransactionManager m = TransactionManager.open(files, meta.resolve("txn"), new RecordingPublisher(),
                TxnOptions.defaults())) {
            assertThat(m.poisoned()).isFalse();
        }
        assertThat(synced).contains(dir.toAbsolutePath(), meta.toAbsolutePath());
    }
}
