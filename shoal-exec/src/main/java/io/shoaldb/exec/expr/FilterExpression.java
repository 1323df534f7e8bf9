package io.shoaldb.exec.expr;

import io.shoaldb.vector.Batch;

/**
 * A compiled predicate used as a filter: of the rows {@code rows[0 .. count)} (row numbers into the batch's
 * vectors, ascending) it writes those for which the predicate is TRUE to {@code out}, in order, and returns
 * how many. {@code out} may be {@code rows} itself (every implementation writes position k only after
 * reading positions >= k).
 */
public interface FilterExpression {
    int filter(Batch batch, int[] rows, int count, int[] out);
}
