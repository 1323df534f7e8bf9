package io.shoaldb.sql.planner.physical;

import java.util.List;

/**
 * What a scan may use to skip data (zone maps), in storage-neutral terms: columns are table column
 * positions, values are Java objects of the column's exact type. Only a hint: the scan's filter is still
 * evaluated on every row returned.
 */
public sealed interface ScanPredicate {
    /** Skips nothing. */
    ScanPredicate ALL = new And(List.of());

    enum Op { EQ, LT, LE, GT, GE }

    record Compare(int column, Op op, Object value) implements ScanPredicate {
    }

    record IsNull(int column, boolean negated) implements ScanPredicate {
    }

    record And(List<ScanPredicate> terms) implements ScanPredicate {
        public And {
            terms = List.copyOf(terms);
        }
    }

    record Or(List<ScanPredicate> terms) implements ScanPredicate {
        public Or {
            terms = List.copyOf(terms);
        }
    }
}
