package io.shoaldb.storage.segment;

import java.util.List;

/**
 * A condition a scan can test against zone maps to skip pages: {@code column op constant}, ranges,
 * null tests and their conjunctions/disjunctions. Columns are positions in the segment's schema.
 * Constants are the Java objects documented on {@link io.shoaldb.vector.type.TypeId}, already coerced
 * to the column's type by the planner; a constant that does not fit the column exactly never prunes.
 * Pruning is conservative: a page is skipped only when no row in it can satisfy the predicate, so the
 * engine must still evaluate the filter on the rows returned.
 */
public sealed interface ZoneMapPredicate {
    /** Keeps every page. */
    ZoneMapPredicate ALWAYS = new And(List.of());

    enum Op { EQ, LT, LE, GT, GE }

    record Compare(int column, Op op, Object value) implements ZoneMapPredicate {
    }

    /** {@code lower <(=) column <(=) upper}; a null bound is open. */
    record Range(int column, Object lower, boolean lowerInclusive, Object upper, boolean upperInclusive)
            implements ZoneMapPredicate {
    }

    /**
     * {@code column IN (values)}: a zone can match only if one of the values lies within its bounds (one
     * binary search over the sorted values per zone, however long the list). NULLs in the list match nothing.
     */
    record In(int column, List<Object> values) implements ZoneMapPredicate {
        public In {
            values = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(values));
        }
    }

    record IsNull(int column) implements ZoneMapPredicate {
    }

    record IsNotNull(int column) implements ZoneMapPredicate {
    }

    record And(List<ZoneMapPredicate> terms) implements ZoneMapPredicate {
        public And {
            terms = List.copyOf(terms);
        }
    }

    record Or(List<ZoneMapPredicate> terms) implements ZoneMapPredicate {
        public Or {
            terms = List.copyOf(terms);
        }
    }

    static ZoneMapPredicate eq(int column, Object value) {
        return new Compare(column, Op.EQ, value);
    }

    static ZoneMapPredicate compare(int column, Op op, Object value) {
        return new Compare(column, op, value);
    }

    static ZoneMapPredicate between(int column, Object lower, Object upper) {
        return new Range(column, lower, true, upper, true);
    }

    static ZoneMapPredicate and(ZoneMapPredicate... terms) {
        return new And(List.of(terms));
    }

    static ZoneMapPredicate or(ZoneMapPredicate... terms) {
        return new Or(List.of(terms));
    }
}
