package io.shoaldb.txn;

import static io.shoaldb.txn.Fixture.load;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConcurrencyTest {
    @TempDir
    Path dir;

    @Test
    void concurrentCommitsAreAllDurableWithDenseVersionsPublishedInOrder() throws Exception {
        Fixture f = new Fixture(dir);
        f.options = f.options.withCheckpointEvery(50); // checkpoints happen while commits run
        int threads = 16;
        int perThread = 40;
        int tables = 4;
        ConcurrentLinkedQueue<CommitResult> acked = new ConcurrentLinkedQueue<>();
        try (TransactionManager m = f.open()) {
            run(threads, t -> {
                for (int i = 0; i < perThread; i++) {
                    long table = 1 + (t + i) % tables;
                    acked.add(load(m, "t" + t + "_" + i, i % 5 == 0 ? Map.of(table, 1L, 1 + (table % tables), 2L)
                            : Map.of(table, 1L)));
                }
            });
            for (long table = 1; table <= tables; table++) {
                List<Long> published = f.publisher.versionsOf(table);
                assertThat(published).as("table %d publishes in version order", table)
                        .isEqualTo(LongStream.rangeClosed(1, published.size()).boxed().toList());
            }
            assertThat(m.commitLog().fsyncCount()).isLessThanOrEqualTo(m.commitLog().recordsWritten());
            assertThat(m.commitLog().recordsWritten()).isGreaterThanOrEqualTo((long) threads * perThread);
        }
        assertThat(acked).hasSize(threads * perThread);
        try (TransactionManager m = f.open()) {
            for (CommitResult r : acked) {
                assertThat(m.find(r.txnId())).get().extracting(TransactionInfo::state).isEqualTo(TxnState.VISIBLE);
            }
            long totalVersions = acked.stream().mapToLong(r -> r.versionByTable().size()).sum();
            long maxVersions = 0;
            for (long table = 1; table <= tables; table++) {
                long v = m.visibleVersion(table);
                final long tt = table;
                List<Long> versions = acked.stream().map(r -> r.versionByTable().get(tt)).filter(x -> x != null)
                        .sorted().toList();
                assertThat(versions).as("dense versions of table %d", table)
                        .isEqualTo(LongStream.rangeClosed(1, v).boxed().toList());
                // each commit adds exactly one rowset to each table it touches
                assertThat(m.recoveredTables().get(table).rowsetsByTablet().values().stream().mapToLong(List::size)
                        .sum()).isEqualTo(versions.size());
                maxVersions += v;
            }
            assertThat(maxVersions).isEqualTo(totalVersions);
        }
    }

    interface Body {
        void run(int thread) throws Exception;
    }

    static void run(int threads, Body body) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<?>> futures = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int id = t;
            futures.add(pool.submit(() -> {
                go.await();
                body.run(id);
                return null;
            }));
        }
        go.countDown();
        try {
            for (Future<?> fu : futures) {
                fu.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
