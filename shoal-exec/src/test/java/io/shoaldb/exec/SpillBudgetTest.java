package io.shoaldb.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.catalog.model.KeysType;
import io.shoaldb.common.memory.MemoryPool;
import io.shoaldb.sql.planner.PlannerSettings;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.type.DataType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On a server whose {@code mem_limit} is smaller than the query's {@code exec_mem_limit} (Doris's default 2 GB on a
 * 1 GB heap), operators spill against half the server's limit: an aggregation far under 2 GB but over its share of
 * half of a 64 MB {@code mem_limit} writes runs, before the heap is at risk, and answers as in memory.
 */
class SpillBudgetTest {
    private static final long MEM_LIMIT = 64L << 20;
    private static final long DORIS_DEFAULT_EXEC_MEM_LIMIT = 2L << 30;
    private static final int ROWS = 400_000;
    private static final String GROUP_BY = "SELECT k, s, count(*), sum(v) FROM t GROUP BY k, s";

    @TempDir
    Path dir;
    private TestDatabase db;

    @AfterEach
    void close() {
        db.close();
    }

    private void create(MemoryPool pool) {
        db = new TestDatabase(dir, 2, 2, ExecutionListener.NONE, pool);
        db.create("t", KeysType.DUPLICATE, List.of("k"), List.of(TestDatabase.col("k", DataType.BIGINT, false),
                TestDatabase.col("s", DataType.varchar(16), false), TestDatabase.col("v", DataType.BIGINT, false)), 2);
        BatchBuilder b = new BatchBuilder(List.of(DataType.BIGINT, DataType.varchar(16), DataType.BIGINT), ROWS);
        for (int i = 0; i < ROWS; i++) {
            b.appendRow((long) i, "group-" + (i % 1000), (long) i % 7);
        }
        db.load("t", b.build());
    }

    private List<List<Object>> run() {
        List<List<Object>> rows = new ArrayList<>(db.query(GROUP_BY, PlannerSettings.DEFAULT,
                QueryContext.of(0, 2).withMemoryLimit(DORIS_DEFAULT_EXEC_MEM_LIMIT)));
        rows.sort(Comparator.comparing(Object::toString));
        return rows;
    }

    @Test
    void aQueryOnASmallServerSpillsAgainstHalfItsMemLimitNotItsExecMemLimit() {
        create(new MemoryPool(MEM_LIMIT));
        List<List<Object>> rows = run();

        assertThat(db.storage.spillSpace().counters().runsWritten()).isPositive();
        assertThat(rows).hasSize(ROWS);
        assertThat(rows.get(0)).containsExactly(0L, "group-0", 1L, 0L);
        assertThat(db.storage.spillSpace().counters().bytesOnDisk()).isZero();
    }

    @Test
    void withoutAServerLimitTheSameQueryStaysInMemory() {
        create(MemoryPool.unbounded());
        assertThat(run()).hasSize(ROWS);
        assertThat(db.storage.spillSpace().counters().runsWritten()).isZero();
    }
}
