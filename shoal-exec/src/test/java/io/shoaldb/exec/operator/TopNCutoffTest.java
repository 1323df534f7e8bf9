package io.shoaldb.exec.operator;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.sql.planner.physical.SortKey;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.LongVector;
import io.shoaldb.vector.type.DataType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TopNCutoffTest {
    /** Values 5, NULL, 1, 9, 5, 3 (row 1 is NULL). */
    private static Batch input() {
        long[] validity = {0b111101L};
        return new Batch(6, new LongVector(DataType.BIGINT, 6, new long[] {5, 0, 1, 9, 5, 3}, validity));
    }

    private static Batch boundary(Long value) {
        long[] validity = {value == null ? 0L : 1L};
        return new Batch(1, new LongVector(DataType.BIGINT, 1, new long[] {value == null ? 0 : value}, validity));
    }

    private static List<Integer> kept(Long boundary, boolean ascending, boolean nullsFirst) {
        Batch out = TopNCutoff.of(boundary(boundary), 0, new SortKey(0, ascending, nullsFirst)).filter(input());
        List<Integer> rows = new ArrayList<>();
        for (int i = 0; i < out.positionCount(); i++) {
            rows.add(out.row(i));
        }
        return rows;
    }

    @Test
    void keepsTheRowsNotWorseThanTheBoundaryIncludingTies() {
        // ASC: not above 5; NULLs first are better than any value, NULLs last worse.
        assertThat(kept(5L, true, true)).containsExactly(0, 1, 2, 4, 5);
        assertThat(kept(5L, true, false)).containsExactly(0, 2, 4, 5);
        // DESC: not below 5.
        assertThat(kept(5L, false, true)).containsExactly(0, 1, 3, 4);
        assertThat(kept(5L, false, false)).containsExactly(0, 3, 4);
    }

    @Test
    void aNullBoundaryKeepsOnlyNullsWhenTheySortFirstAndEverythingWhenLast() {
        assertThat(kept(null, true, true)).containsExactly(1);
        assertThat(kept(null, true, false)).containsExactly(0, 1, 2, 3, 4, 5);
    }

    @Test
    void aSelectionStaysASelectionOfTheSameRows() {
        Batch selected = input().withSelection(new int[] {2, 3, 5}, 3);
        Batch out = TopNCutoff.of(boundary(3L), 0, new SortKey(0, true, false)).filter(selected);
        assertThat(out.positionCount()).isEqualTo(2);
        assertThat(List.of(out.row(0), out.row(1))).containsExactly(2, 5);
    }
}
