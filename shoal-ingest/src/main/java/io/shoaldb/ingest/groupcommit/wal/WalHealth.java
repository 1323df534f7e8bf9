package io.shoaldb.ingest.groupcommit.wal;

import java.io.IOException;
import java.nio.file.Path;

/** Where a WAL writer reports that its file failed (append or fsync) or synced again, per WAL directory. */
public interface WalHealth {
    void failed(Path walFile, IOException error);

    void synced(Path walFile);

    WalHealth NONE = new WalHealth() {
        @Override
        public void failed(Path walFile, IOException error) {
        }

        @Override
        public void synced(Path walFile) {
        }
    };
}
