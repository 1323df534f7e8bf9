package io.shoaldb.exec.operator.join;

import io.shoaldb.exec.expr.ExpressionCompiler;
import io.shoaldb.exec.expr.FilterExpression;
import io.shoaldb.sql.planner.physical.expr.And;
import io.shoaldb.sql.planner.physical.expr.ColumnRef;
import io.shoaldb.sql.planner.physical.expr.Comparison;
import io.shoaldb.sql.planner.physical.expr.Expr;
import io.shoaldb.sql.planner.physical.expr.InList;
import io.shoaldb.sql.planner.physical.expr.Literal;
import io.shoaldb.storage.segment.ZoneMapPredicate;
import io.shoaldb.vector.JavaValues;
import io.shoaldb.vector.PhysicalType;
import io.shoaldb.vector.type.DataType;
import java.util.List;

/**
 * What a finished join build tells the scan on its probe side about one key: every build key lies in
 * {@code [min, max]}, and when the build has few distinct keys, they are {@code values}. The scan uses it
 * to skip pages and segments by their zone maps and to drop rows no build row can match before they leave
 * the scan - only for joins that discard unmatched probe rows (INNER, SEMI).
 *
 * @param scanColumn position among the scan's columns of the probe key
 * @param tableColumn table column position of the probe key (for zone maps)
 * @param values the distinct build keys, or null when there are more than {@link RuntimeFilterSlot#MAX_VALUES}
 * @param keys for 32/64-bit keys, the membership test of all build keys (however many), else null
 */
public record RuntimeFilter(int scanColumn, int tableColumn, DataType type, Object min, Object max,
                            List<Object> values, KeyMembership keys) {
    /** The row condition, over the scan's columns. */
    public Expr rowFilter() {
        ColumnRef column = new ColumnRef(scanColumn, type);
        if (values != null) {
            return new InList(column, values, false);
        }
        return new And(List.of(new Comparison(Comparison.Op.GE, column, new Literal(min, type)),
                new Comparison(Comparison.Op.LE, column, new Literal(max, type))));
    }

    /**
     * The row filter compiled for one scan driver: a typed range + membership kernel for integer-like keys, else the
     * expression; behind a {@link PassRateGate}, which stops checking while the filter drops almost nothing.
     */
    public FilterExpression compile() {
        FilterExpression general = ExpressionCompiler.compileFilter(rowFilter());
        PhysicalType physical = PhysicalType.of(type);
        if (physical != PhysicalType.INT32 && physical != PhysicalType.INT64) {
            return new PassRateGate(general);
        }
        return new PassRateGate(new IntegerKeyFilter(scanColumn, raw(physical, min), raw(physical, max), keys,
                general));
    }

    private long raw(PhysicalType physical, Object value) {
        return physical == PhysicalType.INT32 ? JavaValues.toInt(type, value) : JavaValues.toLong(type, value);
    }

    /** The zone-map condition, over table columns. */
    public ZoneMapPredicate zoneMap() {
        ZoneMapPredicate range = new ZoneMapPredicate.Range(tableColumn, min, true, max, true);
        return values == null ? range : new ZoneMapPredicate.And(List.of(range,
                new ZoneMapPredicate.In(tableColumn, values)));
    }
}
