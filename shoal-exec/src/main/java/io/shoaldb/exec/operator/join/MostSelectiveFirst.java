package io.shoaldb.exec.operator.join;

import io.shoaldb.exec.expr.FilterExpression;
import io.shoaldb.vector.Batch;
import java.util.List;

/**
 * The runtime filters one scan driver applies, run in the order of the share of rows each has been measured to
 * keep, smallest first: each filter only checks the rows the ones before it kept, so the filter that drops the most
 * should see every row and the others only what it lets through. The joins publish their filters top-down (a scan
 * under two broadcast joins first gets the upper join's), and the join order puts the more selective build lower,
 * so without measuring, the filter that drops less ran first: TPC-DS Q3's store_sales checked its 2.9 million rows
 * against November's 6,000 dates before the 39 items of one manufacturer.
 * <p>
 * The counts are those of the rows each filter was given in the current order (a filter after a selective one
 * sees a conditional share), halved at every reordering so that the order follows later parts of the table. A filter
 * behind a {@link PassRateGate} that stopped checking keeps every row and so moves last. Not thread-safe: one per scan
 * driver, like the gates.
 */
public final class MostSelectiveFirst implements FilterExpression {
    /** Batches between two reorderings. */
    static final int REORDER_EVERY = 8;

    private final FilterExpression[] filters;
    private final long[] given;
    private final long[] kept;
    private int batches;

    public MostSelectiveFirst(List<FilterExpression> filters) {
        this.filters = filters.toArray(FilterExpression[]::new);
        this.given = new long[this.filters.length];
        this.kept = new long[this.filters.length];
    }

    @Override
    public int filter(Batch batch, int[] rows, int count, int[] out) {
        int n = count;
        int[] in = rows;
        for (int i = 0; i < filters.length && n > 0; i++) {
            given[i] += n;
            n = filters[i].filter(batch, in, n, out);
            kept[i] += n;
            in = out;
        }
        if (++batches == REORDER_EVERY) {
            batches = 0;
            reorder();
        }
        return n;
    }

    /** Insertion sort by kept share (few filters); a filter never given a row counts as keeping all. */
    private void reorder() {
        for (int i = 1; i < filters.length; i++) {
            for (int j = i; j > 0 && share(j) < share(j - 1); j--) {
                swap(j, j - 1);
            }
        }
        for (int i = 0; i < filters.length; i++) {
            given[i] >>= 1;
            kept[i] >>= 1;
        }
    }

    private double share(int i) {
        return given[i] == 0 ? 1.0 : (double) kept[i] / given[i];
    }

    private void swap(int a, int b) {
        FilterExpression f = filters[a];
        filters[a] = filters[b];
        filters[b] = f;
        long g = given[a];
        given[a] = given[b];
        given[b] = g;
        long k = kept[a];
        kept[a] = kept[b];
        kept[b] = k;
    }

    /** The filters in their current order (for tests). */
    List<FilterExpression> order() {
        return List.of(filters);
    }
}
