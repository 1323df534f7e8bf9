package io.shoaldb.sql.planner.physical;

/**
 * How a join combines its probe side (streamed) with its build side (hashed). LEFT keeps unmatched probe
 * rows, RIGHT unmatched build rows, FULL both (the missing side as NULLs). SEMI/ANTI return probe rows with
 * / without a match. NULL_AWARE_ANTI is NOT IN: like ANTI, but no row qualifies once the build side holds a
 * NULL key, and a probe row with a NULL key qualifies only when the build side is empty. RIGHT_SEMI/RIGHT_ANTI
 * return build rows with / without a match (a semi/anti join whose preserved side is the smaller one, so that the
 * hash table is built on it): the probers mark the build rows they match, and the build rows are returned once
 * the probe side has ended.
 */
public enum JoinType {
    INNER, LEFT, RIGHT, FULL, SEMI, ANTI, NULL_AWARE_ANTI, RIGHT_SEMI, RIGHT_ANTI;

    /** Whether the output holds (probe row, build row) pairs: probe columns followed by build columns. */
    public boolean outputsBuild() {
        return this == INNER || this == LEFT || this == RIGHT || this == FULL;
    }

    /** Whether the output holds only build rows (no probe columns). */
    public boolean outputsBuildOnly() {
        return this == RIGHT_SEMI || this == RIGHT_ANTI;
    }

    public boolean keepsUnmatchedProbe() {
        return this == LEFT || this == FULL;
    }

    public boolean keepsUnmatchedBuild() {
        return this == RIGHT || this == FULL || this == RIGHT_ANTI;
    }

    /** Whether the probers record which build rows they matched (the build rows are returned at the end). */
    public boolean marksBuild() {
        return keepsUnmatchedBuild() || this == RIGHT_SEMI;
    }
}
