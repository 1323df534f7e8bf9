package io.shoaldb.storage.scan;

import io.shoaldb.storage.segment.ZoneMapPredicate;
import io.shoaldb.storage.segment.ZoneMapPredicate.And;
import io.shoaldb.storage.segment.ZoneMapPredicate.Compare;
import io.shoaldb.storage.segment.ZoneMapPredicate.In;
import io.shoaldb.storage.segment.ZoneMapPredicate.IsNotNull;
import io.shoaldb.storage.segment.ZoneMapPredicate.IsNull;
import io.shoaldb.storage.segment.ZoneMapPredicate.Or;
import io.shoaldb.storage.segment.ZoneMapPredicate.Range;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntUnaryOperator;

/**
 * Rewrites a predicate on table column positions into one on a segment's column positions. A term whose
 * column cannot be used - absent from the segment (it reads as its default), or a value column of a
 * merged table, where pruning could hide a newer version of a row - is replaced by "keep everything";
 * pruning only gets weaker, never wrong.
 */
final class PredicateMapper {
    private PredicateMapper() {
    }

    /** {@code toSegment} maps a table column to the segment position, or -1 when the term must not prune. */
    static ZoneMapPredicate map(ZoneMapPredicate p, IntUnaryOperator toSegment) {
        ZoneMapPredicate mapped = mapOrNull(p, toSegment);
        return mapped == null ? ZoneMapPredicate.ALWAYS : mapped;
    }

    /** null means "this term cannot prune". */
    private static ZoneMapPredicate mapOrNull(ZoneMapPredicate p, IntUnaryOperator toSegment) {
        return switch (p) {
            case Compare c -> column(c.column(), toSegment) < 0 ? null
                    : new Compare(toSegment.applyAsInt(c.column()), c.op(), c.value());
            case Range r -> column(r.column(), toSegment) < 0 ? null
                    : new Range(toSegment.applyAsInt(r.column()), r.lower(), r.lowerInclusive(), r.upper(),
                            r.upperInclusive());
            case In in -> column(in.column(), toSegment) < 0 ? null : new In(toSegment.applyAsInt(in.column()), in.values());
            case IsNull n -> column(n.column(), toSegment) < 0 ? null : new IsNull(toSegment.applyAsInt(n.column()));
            case IsNotNull n -> column(n.column(), toSegment) < 0 ? null
                    : new IsNotNull(toSegment.applyAsInt(n.column()));
            case And a -> {
                // Dropping a conjunct keeps more rows: still safe.
                List<ZoneMapPredicate> terms = new ArrayList<>();
                for (ZoneMapPredicate t : a.terms()) {
                    ZoneMapPredicate m = mapOrNull(t, toSegment);
                    if (m != null) {
                        terms.add(m);
                    }
                }
                yield terms.isEmpty() ? null : new And(terms);
            }
            case Or o -> {
                // A disjunct that cannot prune makes the whole disjunction unable to.
                List<ZoneMapPredicate> terms = new ArrayList<>();
                for (ZoneMapPredicate t : o.terms()) {
                    ZoneMapPredicate m = mapOrNull(t, toSegment);
                    if (m == null) {
                        yield null;
                    }
                    terms.add(m);
                }
                yield new Or(terms);
            }
        };
    }

    private static int column(int tableColumn, IntUnaryOperator toSegment) {
        return toSegment.applyAsInt(tableColumn);
    }
}
