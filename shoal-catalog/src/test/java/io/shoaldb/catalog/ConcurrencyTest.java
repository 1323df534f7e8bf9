package io.shoaldb.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.catalog.model.Table;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.vector.type.DataType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConcurrencyTest {
    @TempDir
    Path dir;

    @Test
    void concurrentCreatesAreAllDurable() throws Exception {
        int threads = 8;
        int perThread = 25;
        Set<String> created = ConcurrentHashMap.newKeySet();
        Set<Long> ids = ConcurrentHashMap.newKeySet();
        try (Catalog c = Catalog.open(new LocalFiles(), dir, CatalogOptions.defaults().withCheckpointEvery(37));
                ExecutorService pool = Executors.newFixedThreadPool(threads)) {
            c.createDatabase("db", false);
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                futures.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < perThread; i++) {
                        // Every thread also races for one shared name: exactly one may win it.
                        for (String name : List.of("t" + thread + "_" + i, "shared" + i)) {
                            try {
                                Table table = c.createTable(Defs.table("db", name).column("k", DataType.INT)
                                        .build(), false);
                                created.add(name);
                                ids.add(table.id());
                            } catch (ShoalException e) {
                                assertThat(name).startsWith("shared");
                            }
                            // Readers never lock and always see a consistent snapshot.
                            CatalogSnapshot s = c.snapshot();
                            assertThat(s.tables("db")).allSatisfy(
                                    tb -> assertThat(s.tableById(tb.id())).contains(tb));
                        }
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : futures) {
                f.get();
            }
            assertThat(created).hasSize(threads * perThread + perThread);
            assertThat(ids).hasSize(created.size());
        }
        try (Catalog c = Catalog.open(new LocalFiles(), dir)) {
            Set<String> names = c.snapshot().tables("db").stream().map(Table::name).collect(Collectors.toSet());
            assertThat(names).isEqualTo(created);
        }
    }
}
