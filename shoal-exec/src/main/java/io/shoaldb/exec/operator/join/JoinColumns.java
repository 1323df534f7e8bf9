package io.shoaldb.exec.operator.join;

import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.DictionaryVector;
import io.shoaldb.vector.FlatVector;

/**
 * The columns of a join's output: the probe and build rows of each pair, gathered by row number. Most
 * are returned as {@link DictionaryVector} views over the input column instead of copies: many join
 * output columns are never read (keys of joins already done, columns a later projection drops), and a
 * column that passes through several joins is gathered once, by whoever reads it, instead of once per
 * join (a view over a view is one view with composed row numbers). A view keeps its whole input column
 * alive: the build side's does not matter (the table lives as long as the join), but a probe batch that
 * gives few pairs - fewer rows than a quarter of its column's - is copied, so that operators which keep
 * what they receive (sorts, exchanges) do not hold whole probe batches for a few rows each.
 */
final class JoinColumns {
    private JoinColumns() {
    }

    /** Probe side: rows {@code rows[0 .. count)} of {@code v}; {@code rows} must not change afterwards. */
    static ColumnVector probe(ColumnVector v, int[] rows, int count) {
        return count * 4L < v.size() ? v.copyPositions(rows, 0, count) : view(v, rows, count);
    }

    /** Build side: the same, always a view where possible. */
    static ColumnVector build(ColumnVector v, int[] rows, int count) {
        return view(v, rows, count);
    }

    private static ColumnVector view(ColumnVector v, int[] rows, int count) {
        return switch (v) {
            case FlatVector f -> new DictionaryVector(f, count, rows, null);
            case DictionaryVector d when d.validity() == null -> {
                int[] ids = d.ids();
                int[] composed = new int[count];
                for (int i = 0; i < count; i++) {
                    composed[i] = ids[rows[i]];
                }
                yield new DictionaryVector(d.dictionary(), count, composed, null);
            }
            default -> v.copyPositions(rows, 0, count);
        };
    }
}
