package io.shoaldb.vector;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.vector.type.DataType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BatchSorterTest {
    @Test
    void sortsByKeysStablyWithNullsFirst() {
        long seed = System.nanoTime();
        System.out.println("BatchSorterTest seed " + seed);
        Random rnd = new Random(seed);
        BatchBuilder b = new BatchBuilder(List.of(DataType.INT, DataType.STRING, DataType.BIGINT));
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            Object[] row = {rnd.nextInt(10) == 0 ? null : (long) rnd.nextInt(20),
                rnd.nextInt(10) == 0 ? null : "k" + rnd.nextInt(5), (long) i};
            rows.add(row);
            b.appendRow(row);
        }
        Batch sorted = BatchSorter.sort(b.build(), 0, 1);
        Comparator<Object[]> nullsFirst = Comparator.comparing((Object[] r) -> (Long) r[0],
                Comparator.nullsFirst(Comparator.naturalOrder()))
                .thenComparing(r -> (String) r[1], Comparator.nullsFirst(Comparator.naturalOrder()));
        List<Object[]> expected = new ArrayList<>(rows);
        expected.sort(nullsFirst); // List.sort is stable
        for (int i = 0; i < expected.size(); i++) {
            for (int c = 0; c < 3; c++) {
                assertThat(sorted.getObject(i, c)).as("row %d col %d", i, c).isEqualTo(expected.get(i)[c]);
            }
        }
    }

    @Test
    void aFlatBatchAlreadyInKeyOrderIsReturnedAsItIs() {
        BatchBuilder b = new BatchBuilder(List.of(DataType.INT, DataType.STRING));
        for (long v : new long[] {1, 2, 2, 7}) {
            b.appendRow(v, "v" + v);
        }
        Batch inOrder = b.build();
        assertThat(BatchSorter.sort(inOrder, 0)).isSameAs(inOrder);
        // the same rows behind a selection that keeps them all still come back flat, without the selection
        Batch selected = inOrder.withSelection(new int[] {0, 1, 2, 3}, 4);
        Batch flat = BatchSorter.sort(selected, 0);
        assertThat(flat.selection()).isNull();
        assertThat(flat.rowCount()).isEqualTo(4);
        assertThat(flat.getObject(3, 1)).isEqualTo("v7");
    }

    @Test
    void sortsOnlySelectedRows() {
        BatchBuilder b = new BatchBuilder(List.of(DataType.INT));
        for (long v : new long[] {5, 4, 3, 2, 1}) {
            b.appendRow(v);
        }
        Batch sorted = BatchSorter.sort(b.build().withSelection(new int[] {0, 2, 4}, 3), 0);
        assertThat(sorted.rowCount()).isEqualTo(3);
        assertThat(List.of(sorted.getObject(0, 0), sorted.getObject(1, 0), sorted.getObject(2, 0)))
                .containsExactly(1L, 3L, 5L);
    }
}
