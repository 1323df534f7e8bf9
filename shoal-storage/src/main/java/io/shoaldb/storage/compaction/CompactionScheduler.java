package io.shoaldb.storage.compaction;

import io.shoaldb.storage.StorageEngine;
import io.shoaldb.storage.StorageOptions;
import io.shoaldb.storage.TableSnapshot;
import io.shoaldb.storage.rowset.RowsetMeta;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps rowset counts bounded in the background: every {@code compactionIntervalMillis} it asks the
 * {@link CompactionPolicy} about every tablet and runs the chosen compactions on a small pool, at most
 * one per data partition at a time (a partition's device serves queries too), all sharing one I/O
 * budget. {@link #compactNow} runs the same work synchronously, for tests and operators.
 * {@link #close()} stops it; a running compaction notices between batches, deletes its output and
 * leaves the inputs visible.
 */
public final class CompactionScheduler implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(CompactionScheduler.class);

    private final StorageEngine engine;
    private final CompactionPolicy policy;
    private final Compactor compactor;
    private final StorageOptions options;
    private final ReentrantLock[] partitionLocks;
    private final ScheduledExecutorService ticker;
    private final ExecutorService workers;
    private volatile boolean stopped;

    public CompactionScheduler(StorageEngine engine, CompactionCommitter committer, StorageOptions options) {
        this.engine = engine;
        this.options = options;
        this.policy = new CompactionPolicy(options.compactionTriggerRowsets(), options.compactionMaxInputs(),
                options.compactionSmallRowsetBytes());
        this.compactor = new Compactor(engine, committer, new IoThrottle(options.compactionBytesPerSecond()),
                () -> stopped);
        this.partitionLocks = new ReentrantLock[engine.partitions().count()];
        for (int i = 0; i < partitionLocks.length; i++) {
            partitionLocks[i] = new ReentrantLock();
        }
        this.ticker = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "compaction-scheduler"));
        this.workers = Executors.newFixedThreadPool(options.compactionThreads(), r -> daemon(r, "compaction"));
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    /** Starts looking for work in the background. */
    public void start() {
        ticker.scheduleWithFixedDelay(this::tick, options.compactionIntervalMillis(),
                options.compactionIntervalMillis(), TimeUnit.MILLISECONDS);
    }

    /** A tablet and its rowsets when it was looked at. */
    private record Tablet(long tableId, long tabletId, int partition, List<RowsetMeta> rowsets) {
    }

    private void tick() {
        Map<Integer, List<Tablet>> byPartition = new HashMap<>();
        tablets().forEach(t -> byPartition.computeIfAbsent(t.partition(), p -> new ArrayList<>()).add(t));
        boolean pressed = inlineMemoryPressed();
        byPartition.forEach((partition, tablets) -> {
            if (!partitionLocks[partition].isLocked()
                    && tablets.stream().anyMatch(t -> !policy.choose(t.rowsets(), pressed).isEmpty())) {
                workers.execute(() -> drain(partition));
            }
        });
    }

    private List<Tablet> tablets() {
        List<Tablet> found = new ArrayList<>();
        for (long tableId : engine.tableIds()) {
            if (stopped) {
                break;
            }
            try (TableSnapshot snapshot = engine.snapshot(tableId)) {
                for (long tabletId : snapshot.tabletIds()) {
                    found.add(new Tablet(tableId, tabletId, snapshot.placement(tabletId).partition(),
                            snapshot.rowsets(tabletId)));
                }
            } catch (IllegalArgumentException dropped) {
                // The table was dropped between listing and snapshotting.
            } catch (RuntimeException e) {
                LOG.warn("compaction scan of table {} failed", tableId, e);
            }
        }
        return found;
    }

    /**
     * Compacts the partition's tablets until the policy is satisfied everywhere, always the tablet with the most
     * rowsets next. Under many small commits every tablet stays just over the trigger: staying on one tablet
     * until it was satisfied chased its newest commits with compactions of two rowsets each while the partition's
     * other tablets piled up hundreds, which every commit and scan of them paid for. A tablet whose compaction
     * fails is left for the next tick, so it cannot hold up the others.
     */
    private void drain(int partition) {
        ReentrantLock lock = partitionLocks[partition];
        if (!lock.tryLock()) {
            return;
        }
        try {
            Set<Long> failed = new HashSet<>();
            Set<Long> compacted = new HashSet<>();
            while (!stopped) {
                // the policy is asked in order of rowset count and only until one tablet has work
                boolean pressed = inlineMemoryPressed();
                Optional<Tablet> next = tablets().stream()
                        .filter(t -> t.partition() == partition && !failed.contains(t.tabletId()))
                        .filter(t -> !compacted.contains(t.tabletId())
                                || t.rowsets().size() >= options.compactionMaxInputs())
                        .sorted(Comparator.comparingInt((Tablet t) -> t.rowsets().size()).reversed())
                        .filter(t -> !policy.choose(t.rowsets(), pressed).isEmpty())
                        .findFirst();
                if (next.isEmpty()) {
                    return;
                }
                Tablet c = next.get();
                try {
                    compactOnce(c.tableId(), c.tabletId());
                    compacted.add(c.tabletId());
                } catch (RuntimeException e) {
                    failed.add(c.tabletId());
                    if (!stopped) {
                        LOG.warn("compaction of table {} tablet {} failed; its rowsets stay as they were",
                                c.tableId(), c.tabletId(), e);
                    }
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Compacts every tablet of the table until the policy finds nothing more to do; returns the number of
     * compactions committed. Waits for a running compaction on the same partition.
     */
    public int compactNow(long tableId) {
        int done = 0;
        List<Long> tablets;
        try (TableSnapshot snapshot = engine.snapshot(tableId)) {
            tablets = List.copyOf(snapshot.tabletIds());
        }
        for (long tabletId : tablets) {
            while (!stopped) {
                int partition;
                try (TableSnapshot snapshot = engine.snapshot(tableId)) {
                    partition = snapshot.placement(tabletId).partition();
                }
                ReentrantLock lock = partitionLocks[partition];
                lock.lock();
                try {
                    if (!compactOnce(tableId, tabletId)) {
                        break;
                    }
                    done++;
                } finally {
                    lock.unlock();
                }
            }
        }
        return done;
    }

    /** One compaction of one tablet if the policy wants one; the caller holds the partition's lock. */
    private boolean compactOnce(long tableId, long tabletId) {
        try (TableSnapshot snapshot = engine.snapshot(tableId)) {
            List<RowsetMeta> inputs = policy.choose(snapshot.rowsets(tabletId), inlineMemoryPressed());
            if (inputs.isEmpty()) {
                return false;
            }
            RowsetMeta output = compactor.compact(snapshot, tabletId, inputs);
            LOG.info("compacted table {} tablet {}: {} rowsets ({} rows) into rowset {} ({} rows, versions {}-{})",
                    tableId, tabletId, inputs.size(), inputs.stream().mapToLong(RowsetMeta::rowCount).sum(),
                    output.rowsetId(), output.rowCount(), output.startVersion(), output.endVersion());
            return true;
        }
    }

    /** Whether inline rowsets hold half their memory limit or more (see {@link CompactionPolicy#choose(List, boolean)}). */
    private boolean inlineMemoryPressed() {
        long held = engine.inlineRowsetBytes();
        return held > 0 && held >= options.inlineMemLimit() / 2;
    }

    @Override
    public void close() {
        stopped = true;
        ticker.shutdownNow();
        workers.shutdownNow();
        try {
            ticker.awaitTermination(1, TimeUnit.MINUTES);
            workers.awaitTermination(1, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
