package io.shoaldb.txn;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One lock per table. Everything that moves a table's version (commit, truncate, compaction, drop) holds
 * it from choosing the version until the publish, so versions are dense and published in order, while
 * commits to other tables run in parallel. Several tables are locked in ascending id order (no deadlock).
 */
final class TableLocks {
    private final Map<Long, ReentrantLock> locks = new ConcurrentHashMap<>();

    /** Held locks; closing releases them. */
    interface Held extends AutoCloseable {
        @Override
        void close();
    }

    Held lock(Collection<Long> tableIds) {
        List<ReentrantLock> held = new ArrayList<>();
        for (long id : new TreeSet<>(tableIds)) {
            ReentrantLock lock = locks.computeIfAbsent(id, k -> new ReentrantLock());
            lock.lock();
            held.add(lock);
        }
        return () -> {
            for (int i = held.size() - 1; i >= 0; i--) {
                held.get(i).unlock();
            }
        };
    }
}
