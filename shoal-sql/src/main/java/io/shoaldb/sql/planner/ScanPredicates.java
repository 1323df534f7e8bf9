package io.shoaldb.sql.planner;

import io.shoaldb.sql.planner.physical.ScanColumn;
import io.shoaldb.sql.planner.physical.ScanPredicate;
import io.shoaldb.sql.planner.physical.expr.And;
import io.shoaldb.sql.planner.physical.expr.ColumnRef;
import io.shoaldb.sql.planner.physical.expr.Comparison;
import io.shoaldb.sql.planner.physical.expr.Expr;
import io.shoaldb.sql.planner.physical.expr.InList;
import io.shoaldb.sql.planner.physical.expr.IsNull;
import io.shoaldb.sql.planner.physical.expr.Literal;
import io.shoaldb.sql.planner.physical.expr.Or;
import java.util.ArrayList;
import java.util.List;

/**
 * Derives the zone-map hint of a scan from its filter: the parts of the form {@code column op constant},
 * {@code IS [NOT] NULL}, {@code IN (constants)} and their AND/OR, on table column positions. Anything else
 * becomes "all" (no pruning), which is always safe because the filter is re-evaluated on every row.
 */
final class ScanPredicates {
    private ScanPredicates() {
    }

    static ScanPredicate derive(Expr filter, List<ScanColumn> columns) {
        return filter == null ? ScanPredicate.ALL : derive0(filter, columns);
    }

    private static ScanPredicate derive0(Expr e, List<ScanColumn> columns) {
        switch (e) {
            case And a -> {
                List<ScanPredicate> terms = new ArrayList<>();
                for (Expr t : a.terms()) {
                    ScanPredicate p = derive0(t, columns);
                    if (!p.equals(ScanPredicate.ALL)) {
                        terms.add(p);
                    }
                }
                return terms.isEmpty() ? ScanPredicate.ALL : terms.size() == 1 ? terms.get(0) : new ScanPredicate.And(terms);
            }
            case Or o -> {
                List<ScanPredicate> terms = new ArrayList<>();
                for (Expr t : o.terms()) {
                    ScanPredicate p = derive0(t, columns);
                    if (p.equals(ScanPredicate.ALL)) {
                        return ScanPredicate.ALL;
                    }
                    terms.add(p);
                }
                return new ScanPredicate.Or(terms);
            }
            case Comparison c -> {
                if (c.op() == Comparison.Op.NE) {
                    return ScanPredicate.ALL;
                }
                if (c.left() instanceof ColumnRef col && c.right() instanceof Literal lit) {
                    return compare(col, c.op(), lit, columns);
                }
                if (c.right() instanceof ColumnRef col && c.left() instanceof Literal lit) {
                    return compare(col, c.op().flip(), lit, columns);
                }
                return ScanPredicate.ALL;
            }
            case IsNull n -> {
                return n.operand() instanceof ColumnRef col
                        ? new ScanPredicate.IsNull(columns.get(col.index()).tableIndex(), n.negated())
                        : ScanPredicate.ALL;
            }
            case InList in -> {
                if (in.negated() || !(in.operand() instanceof ColumnRef col) || in.values().contains(null)
                        || !in.operand().type().equals(columns.get(col.index()).type())) {
                    return ScanPredicate.ALL;
                }
                int table = columns.get(col.index()).tableIndex();
                return new ScanPredicate.Or(in.values().stream()
                        .<ScanPredicate>map(v -> new ScanPredicate.Compare(table, ScanPredicate.Op.EQ, v)).toList());
            }
            default -> {
                return ScanPredicate.ALL;
            }
        }
    }

    private static ScanPredicate compare(ColumnRef col, Comparison.Op op, Literal lit, List<ScanColumn> columns) {
        ScanColumn column = columns.get(col.index());
        // Only a constant of the column's own type can be compared with its zone map.
        if (lit.isNull() || !lit.type().equals(column.type())) {
            return ScanPredicate.ALL;
        }
        ScanPredicate.Op sop = switch (op) {
            case EQ -> ScanPredicate.Op.EQ;
            case LT -> ScanPredicate.Op.LT;
            case LE -> ScanPredicate.Op.LE;
            case GT -> ScanPredicate.Op.GT;
            case GE -> ScanPredicate.Op.GE;
            case NE -> throw new IllegalStateException();
        };
        return new ScanPredicate.Compare(column.tableIndex(), sop, lit.value());
    }
}
