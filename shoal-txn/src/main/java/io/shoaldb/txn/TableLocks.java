package io.shoaldb.txn;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Two locks per table. The <em>version</em> lock is held by everything that moves the table's version: by a
 * commit from choosing the version until its record is queued in the log (so log order is version order; the
 * fsync and the publish follow outside it, in order by the table's {@code PublishQueue}), by a truncate or drop
 * until its publish. Versions are dense, and commits to other tables run in parallel. The <em>structure</em>
 * lock is held by everything that removes rowsets (compaction, truncate, drop), so a compaction's inputs stay
 * visible from its check until its publish. A compaction takes only the structure lock: it changes no version and removes only rowsets a
 * commit never touches, so a commit does not wait for a compaction's record or publish (the argument is in
 * docs/storage-engine.md, "Compaction and commits"). Truncate and drop take both, structure first. Several
 * tables' version locks are taken in ascending id order (no deadlock); a structure lock is never taken while
 * holding a version lock.
 */
final class TableLocks {
    private final Map<Long, ReentrantLock> versionLocks = new ConcurrentHashMap<>();
    private final Map<Long, ReentrantLock> structureLocks = new ConcurrentHashMap<>();

    /** Held locks; closing releases them. */
    interface Held extends AutoCloseable {
        @Override
        void close();
    }

    /** The version locks of the tables, for a commit. */
    Held lockVersions(Collection<Long> tableIds) {
        List<ReentrantLock> held = new ArrayList<>();
        for (long id : new TreeSet<>(tableIds)) {
            held.add(lock(versionLocks, id));
        }
        return () -> unlock(held);
    }

    /** The table's structure lock, for a compaction. */
    Held lockStructure(long tableId) {
        List<ReentrantLock> held = List.of(lock(structureLocks, tableId));
        return () -> unlock(held);
    }

    /** Both of the table's locks, structure first, for a truncate or drop. */
    Held lockExclusive(long tableId) {
        List<ReentrantLock> held = new ArrayList<>();
        held.add(lock(structureLocks, tableId));
        held.add(lock(versionLocks, tableId));
        return () -> unlock(held);
    }

    private static ReentrantLock lock(Map<Long, ReentrantLock> locks, long tableId) {
        ReentrantLock lock = locks.computeIfAbsent(tableId, k -> new ReentrantLock());
        lock.lock();
        return lock;
    }

    private static void unlock(List<ReentrantLock> held) {
        for (int i = held.size() - 1; i >= 0; i--) {
            held.get(i).unlock();
        }
    }
}
