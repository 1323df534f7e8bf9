package io.shoaldb.exec.operator;

import io.shoaldb.exec.expr.ExpressionCompiler;
import io.shoaldb.exec.expr.FilterExpression;
import io.shoaldb.exec.operator.join.MostSelectiveFirst;
import io.shoaldb.exec.operator.join.RuntimeFilter;
import io.shoaldb.exec.operator.join.RuntimeFilterSlot;
import io.shoaldb.sql.planner.physical.PhysicalScan;
import io.shoaldb.storage.segment.ZoneMapPredicate;
import java.util.ArrayList;
import java.util.List;

/**
 * What a scan driver prunes and filters with: the zone-map hint and the row filter of the scan's pushed predicates,
 * plus the runtime filters joins have published for it (after the scan's own filter, most selective first: {@link
 * MostSelectiveFirst}). Compiled once and reused for each work unit the driver
 * takes, and compiled again only when another runtime filter has been published since.
 */
final class ScanFilters {
    private final ZoneMapPredicate predicate;
    private final FilterExpression filter;
    private final int runtimeFilters;

    private ScanFilters(ZoneMapPredicate predicate, FilterExpression filter, int runtimeFilters) {
        this.predicate = predicate;
        this.filter = filter;
        this.runtimeFilters = runtimeFilters;
    }

    /** The scan's filters with the runtime filters published so far (slots not published add nothing). */
    static ScanFilters of(PhysicalScan node, List<RuntimeFilterSlot> runtime) {
        List<ZoneMapPredicate> zones = new ArrayList<>();
        List<FilterExpression> rows = new ArrayList<>();
        zones.add(ScanOperator.zoneMap(node.pushed()));
        if (node.filter() != null) {
            rows.add(ExpressionCompiler.compileFilter(node.filter()));
        }
        List<FilterExpression> joins = new ArrayList<>();
        for (RuntimeFilterSlot slot : runtime) {
            RuntimeFilter f = slot.filter();
            if (f != null) {
                zones.add(f.zoneMap());
                joins.add(f.compile());
            }
        }
        int published = joins.size();
        if (published > 1) {
            rows.add(new MostSelectiveFirst(joins)); // after the scan's own filter, which may raise errors
        } else {
            rows.addAll(joins);
        }
        ZoneMapPredicate predicate = zones.size() == 1 ? zones.get(0) : new ZoneMapPredicate.And(zones);
        FilterExpression filter = rows.isEmpty() ? null : rows.size() == 1 ? rows.get(0) : conjunction(rows);
        return new ScanFilters(predicate, filter, published);
    }

    /** These filters, or new ones when a runtime filter was published since they were compiled. */
    ScanFilters refresh(PhysicalScan node, List<RuntimeFilterSlot> runtime) {
        int published = 0;
        for (RuntimeFilterSlot slot : runtime) {
            published += slot.filter() != null ? 1 : 0;
        }
        return published == runtimeFilters ? this : of(node, runtime);
    }

    ZoneMapPredicate predicate() {
        return predicate;
    }

    /** The row filter, or null when every row passes. */
    FilterExpression filter() {
        return filter;
    }

    /** Each filter narrows the rows the previous one kept. */
    private static FilterExpression conjunction(List<FilterExpression> filters) {
        FilterExpression[] all = filters.toArray(FilterExpression[]::new);
        return (batch, rows, count, out) -> {
            int n = count;
            int[] in = rows;
            for (FilterExpression f : all) {
                n = f.filter(batch, in, n, out);
                in = out;
                if (n == 0) {
                    break;
                }
            }
            return n;
        };
    }
}
