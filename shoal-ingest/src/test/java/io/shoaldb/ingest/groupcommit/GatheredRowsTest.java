package io.shoaldb.ingest.groupcommit;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.vector.Batch;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class GatheredRowsTest {
    private static final DataType NAME = DataType.varchar(16);

    /** {@code rows} rows with ids from {@code firstId}; every third name NULL. */
    private static Batch batch(long firstId, int rows) {
        VectorBuilder ids = VectorBuilder.create(DataType.BIGINT, rows);
        VectorBuilder names = VectorBuilder.create(NAME, rows);
        for (long id = firstId; id < firstId + rows; id++) {
            ids.appendObject(id);
            names.appendObject(id % 3 == 0 ? null : "n" + id);
        }
        return new Batch(rows, ids.build(), names.build());
    }

    private static List<List<Object>> contents(GatheredRows gathered) {
        List<List<Object>> rows = new ArrayList<>();
        for (Batch b : gathered.batches()) {
            for (int i = 0; i < b.positionCount(); i++) {
                rows.add(Arrays.asList(b.getObject(i, 0), b.getObject(i, 1)));
            }
        }
        return rows;
    }

    private static List<List<Object>> expected(long fromId, long toIdExclusive) {
        List<List<Object>> rows = new ArrayList<>();
        for (long id = fromId; id < toIdExclusive; id++) {
            rows.add(Arrays.asList(id, id % 3 == 0 ? null : "n" + id));
        }
        return rows;
    }

    @Test
    void smallLoadsAreMergedEveryMergeRowsInJoinOrder() {
        GatheredRows gathered = new GatheredRows();
        int loads = GatheredRows.MERGE_ROWS * 2 + 10;
        for (int i = 0; i < loads; i++) {
            gathered.add(batch(i, 1));
        }
        assertThat(gathered.batches()).hasSize(2 + 10);
        assertThat(gathered.batches().get(0).rowCount()).isEqualTo(GatheredRows.MERGE_ROWS);
        assertThat(contents(gathered)).isEqualTo(expected(0, loads));
    }

    @Test
    void aBigLoadStaysAsItCameAndTheSmallOnesAroundItKeepTheirPlace() {
        GatheredRows gathered = new GatheredRows();
        Batch big = batch(100, GatheredRows.MERGE_ROWS);
        gathered.add(batch(0, 60));
        gathered.add(batch(60, 40));
        gathered.add(big);
        gathered.add(batch(100 + GatheredRows.MERGE_ROWS, GatheredRows.MERGE_ROWS - 1));
        gathered.add(batch(100 + 2L * GatheredRows.MERGE_ROWS - 1, 1)); // reaches MERGE_ROWS: merged with the one before
        assertThat(gathered.batches()).hasSize(4);
        assertThat(gathered.batches().get(2)).isSameAs(big);
        assertThat(contents(gathered)).isEqualTo(expected(0, 100 + 2L * GatheredRows.MERGE_ROWS));
    }

    @Test
    void selectedRowsAreMergedAsTheirSelectionSays() {
        GatheredRows gathered = new GatheredRows();
        Batch selected = batch(0, 4).withSelection(new int[] {1, 3}, 2); // ids 1 and 3
        gathered.add(selected);
        gathered.add(batch(4, GatheredRows.MERGE_ROWS - 2));
        assertThat(gathered.batches()).hasSize(1);
        List<List<Object>> want = new ArrayList<>(expected(1, 2));
        want.addAll(expected(3, 4));
        want.addAll(expected(4, 4 + GatheredRows.MERGE_ROWS - 2));
        assertThat(contents(gathered)).isEqualTo(want);
    }
}
