package io.shoaldb.txn;

import io.shoaldb.common.io.FilesFacade;
import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.storage.rowset.RowsetMeta;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/** Opens managers on a directory and builds rowsets, so tests read as the scenario they check. */
final class Fixture {
    static final long DB = 10;
    private static final AtomicLong ROWSET_IDS = new AtomicLong(1000);

    final Path dir;
    final FilesFacade files;
    final MutableClock clock = new MutableClock();
    TxnOptions options;
    RecordingPublisher publisher = new RecordingPublisher();

    Fixture(Path dir) {
        this(dir, new LocalFiles());
    }

    Fixture(Path dir, FilesFacade files) {
        this.dir = dir;
        this.files = files;
        this.options = TxnOptions.defaults().withClock(clock).withCheckpointEvery(1_000_000);
    }

    TransactionManager open() {
        publisher = new RecordingPublisher();
        return TransactionManager.open(files, dir, publisher, options);
    }

    static RowsetMeta rowset(long tabletId) {
        return new RowsetMeta(ROWSET_IDS.incrementAndGet(), tabletId, 0, 0, 0, List.of("seg_0.dat"), 10, 100);
    }

    /** Begins and commits one rowset into each (table, tablet) given as table → tablet. */
    static CommitResult load(TransactionManager m, String label, Map<Long, Long> tabletByTable) {
        Transaction t = m.begin(DB, label, tabletByTable.keySet(), Duration.ofMinutes(5));
        Map<Long, Map<Long, RowsetMeta>> rowsets = new java.util.HashMap<>();
        tabletByTable.forEach((table, tablet) -> rowsets.put(table, Map.of(tablet, rowset(tablet))));
        return m.commit(t, rowsets);
    }

    static CommitResult load(TransactionManager m, long table, long tablet) {
        return load(m, null, Map.of(table, tablet));
    }

    static Set<Long> tables(long... ids) {
        return java.util.Arrays.stream(ids).boxed().collect(java.util.stream.Collectors.toSet());
    }
}
