package io.shoaldb.exec.operator.sort;

import io.shoaldb.storage.spill.SpillReader;
import io.shoaldb.storage.spill.SpillRun;
import io.shoaldb.vector.Batch;

/**
 * A sorted run read back from disk one page (batch) at a time, opened on the first read so that a merge holds
 * open only the runs it is reading; the run's file is deleted once read to its end or when closed.
 */
final class RunSource implements SortedSource {
    private final SpillRun run;
    private SpillReader reader;
    private Batch current;
    private boolean closed;

    RunSource(SpillRun run) {
        this.run = run;
    }

    @Override
    public Batch next() {
        if (closed) {
            return null;
        }
        if (reader == null) {
            reader = run.open();
        }
        current = reader.next();
        if (current == null) {
            close();
            return null;
        }
        return current.compact();
    }

    @Override
    public long retainedBytes() {
        return current == null ? 0 : current.retainedBytes();
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        current = null;
        try {
            if (reader != null) {
                reader.close();
            }
        } finally {
            run.delete();
        }
    }
}
