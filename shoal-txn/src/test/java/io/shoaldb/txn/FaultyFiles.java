package io.shoaldb.txn;

import io.shoaldb.common.io.ForwardingFiles;
import io.shoaldb.common.io.LocalFiles;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/** Local files whose fsync fails on demand (the fault the commit path must survive), counting fsyncs. */
final class FaultyFiles extends ForwardingFiles {
    final AtomicBoolean failFsync = new AtomicBoolean();
    final AtomicInteger fsyncs = new AtomicInteger();

    FaultyFiles() {
        super(new LocalFiles());
    }

    @Override
    public void fsync(FileChannel channel) throws IOException {
        if (failFsync.get()) {
            throw new IOException("injected fsync failure");
        }
        fsyncs.incrementAndGet();
        super.fsync(channel);
    }
}
