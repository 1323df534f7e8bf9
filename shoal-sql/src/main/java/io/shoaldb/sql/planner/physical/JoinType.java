package io.shoaldb.sql.planner.physical;

/**
 * How a join combines its probe side (streamed) with its build side (hashed). LEFT keeps unmatched probe
 * rows, RIGHT unmatched build rows, FULL both (the missing side as NULLs). SEMI/ANTI return probe rows with
 * / without a match. NULL_AWARE_ANTI is NOT IN: like ANTI, but no row qualifies once the build side holds a
 * NULL key, and a probe row with a NULL key qualifies only when the build side is empty.
 */
public enum JoinType {
    INNER, LEFT, RIGHT, FULL, SEMI, ANTI, NULL_AWARE_ANTI;

    /** Whether build columns appear in the output (after the probe columns). */
    public boolean outputsBuild() {
        return this == INNER || this == LEFT || this == RIGHT || this == FULL;
    }

    public boolean keepsUnmatchedProbe() {
        return this == LEFT || this == FULL;
    }

    public boolean keepsUnmatchedBuild() {
        return this == RIGHT || this == FULL;
    }
}
