package io.shoaldb.exec.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.exec.operator.Operator;
import io.shoaldb.exec.task.Pipeline;
import io.shoaldb.exec.task.QueryExecution;
import io.shoaldb.exec.task.ResultQueue;
import io.shoaldb.exec.task.TaskScheduler;
import io.shoaldb.sql.planner.physical.SortKey;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.type.DataType;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The MERGE exchange run by real drivers on a real scheduler: producers that each emit their rows sorted, in
 * small batches, into queues of capacity 1 (so producers park and are resumed), and one consumer whose output
 * must be the sorted union of all rows.
 */
class MergeExchangeTest {
    private final TaskScheduler scheduler = new TaskScheduler(2);

    @AfterEach
    void close() {
        scheduler.close();
    }

    /** Rows (BIGINT key, may be NULL; VARCHAR tag) emitted in batches of {@code batchRows}. */
    private static final class RowsOperator implements Operator {
        private final ArrayDeque<Batch> batches = new ArrayDeque<>();

        RowsOperator(List<Object[]> rows, int batchRows) {
            for (int from = 0; from < rows.size(); from += batchRows) {
                BatchBuilder b = new BatchBuilder(List.of(DataType.BIGINT, DataType.STRING));
                rows.subList(from, Math.min(rows.size(), from + batchRows)).forEach(b::appendRow);
                batches.add(b.build());
            }
        }

        @Override
        public Batch next() {
            return batches.poll();
        }

        @Override
        public void close() {
        }
    }

    private List<List<Object>> run(List<List<Object[]>> producers, List<SortKey> ordering, int batchRows)
            throws InterruptedException {
        QueryExecution query = new QueryExecution(scheduler, 60, 0, null);
        MergeExchange merge = new MergeExchange(query, ordering, producers.size(), 1);
        query.add(new Pipeline("producers", producers.size(),
                (i, self) -> new RowsOperator(producers.get(i), batchRows), merge, List.of()));
        ResultQueue result = new ResultQueue(query, 2, 1);
        query.add(new Pipeline("merge", 1, merge::source, result, List.of()));
        query.start();
        List<List<Object>> rows = new ArrayList<>();
        for (Batch b = result.take(); b != null; b = result.take()) {
            for (int r = 0; r < b.positionCount(); r++) {
                rows.add(java.util.Arrays.asList(b.getObject(r, 0), b.getObject(r, 1)));
            }
        }
        return rows;
    }

    private static Comparator<Object[]> order(boolean ascending) {
        // MySQL: NULL is the smallest value - first ascending, last descending.
        Comparator<Object[]> byKey = Comparator.comparing(r -> (Long) r[0], Comparator.nullsFirst(Comparator.naturalOrder()));
        return ascending ? byKey : byKey.reversed();
    }

    @Test
    void mergesSortedRunsOfManyProducersIntoOneSortedStream() throws Exception {
        Random random = new Random(7);
        for (boolean ascending : new boolean[] {true, false}) {
            List<List<Object[]>> producers = new ArrayList<>();
            List<Object[]> all = new ArrayList<>();
            for (int p = 0; p < 5; p++) {
                List<Object[]> rows = new ArrayList<>();
                int n = p == 3 ? 0 : 500 + random.nextInt(3000); // one producer sends nothing
                for (int i = 0; i < n; i++) {
                    Long key = random.nextInt(20) == 0 ? null : (long) random.nextInt(1000);
                    rows.add(new Object[] {key, "p" + p + "-" + i});
                }
                rows.sort(order(ascending));
                producers.add(rows);
                all.addAll(rows);
            }
            List<List<Object>> merged = run(producers, List.of(new SortKey(0, ascending, ascending)), 37);
            assertThat(merged).hasSize(all.size());
            all.sort(order(ascending));
            List<Object> expectedKeys = all.stream().map(r -> r[0]).toList();
            assertThat(merged.stream().map(r -> r.get(0)).toList()).isEqualTo(expectedKeys);
            assertThat(merged.stream().map(r -> r.get(1)).sorted().toList())
                    .isEqualTo(all.stream().map(r -> r[1]).sorted().toList());
        }
    }

    @Test
    void breaksTiesOnTheSecondKey() throws Exception {
        List<Object[]> first = List.of(new Object[] {1L, "a"}, new Object[] {1L, "c"}, new Object[] {2L, "a"});
        List<Object[]> second = List.of(new Object[] {1L, "b"}, new Object[] {2L, "b"}, new Object[] {3L, "a"});
        List<List<Object>> merged = run(List.of(first, second),
                List.of(new SortKey(0, true, true), new SortKey(1, true, true)), 1);
        assertThat(merged.stream().map(r -> r.get(0) + (String) r.get(1)).toList())
                .containsExactly("1a", "1b", "1c", "2a", "2b", "3a");
    }

    @Test
    void noRowsAtAll() throws Exception {
        assertThat(run(List.of(List.of(), List.of()), List.of(new SortKey(0, true, true)), 10)).isEmpty();
    }
}
