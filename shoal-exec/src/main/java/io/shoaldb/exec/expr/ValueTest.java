package io.shoaldb.exec.expr;

import io.shoaldb.vector.FlatVector;

/**
 * A predicate of one value that a filter can apply to a row of a column in place, without gathering the selected
 * rows into a new vector first ({@code o_comment NOT LIKE '%special%requests%'}, {@code l_shipmode IN (...)}).
 */
interface ValueTest {
    /** Whether the predicate is TRUE for the non-NULL value at {@code position} of {@code v} (NULL counts as false). */
    boolean test(FlatVector v, int position);
}
