package io.shoaldb.sql.planner.physical;

/** Sort by input column {@code column}; MySQL puts NULLs first in ascending order and last in descending. */
public record SortKey(int column, boolean ascending, boolean nullsFirst) {
    /** As EXPLAIN prints it: {@code $0 ASC NULLS FIRST}. */
    @Override
    public String toString() {
        return "$" + column + (ascending ? " ASC" : " DESC") + (nullsFirst ? " NULLS FIRST" : " NULLS LAST");
    }
}
