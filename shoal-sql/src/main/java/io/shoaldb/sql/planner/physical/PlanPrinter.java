package io.shoaldb.sql.planner.physical;

/** Renders a plan tree as text, one node per line, children indented. */
final class PlanPrinter {
    private PlanPrinter() {
    }

    static void print(PhysicalNode node, int depth, StringBuilder out) {
        out.append("  ".repeat(depth)).append(describe(node)).append('\n');
        for (PhysicalNode in : node.inputs()) {
            print(in, depth + 1, out);
        }
    }

    static String describe(PhysicalNode node) {
        return switch (node) {
            case PhysicalScan s -> "Scan " + s.database() + "." + s.table() + " columns="
                    + s.columns().stream().map(ScanColumn::name).toList() + " outputs=" + s.outputs()
                    + (s.filter() == null ? "" : " filter=" + s.filter())
                    + (s.pushed().equals(ScanPredicate.ALL) ? "" : " pushed=" + s.pushed())
                    + (s.byBucket() ? " by bucket" : "");
            case PhysicalFilter f -> "Filter " + f.condition();
            case PhysicalProject p -> "Project " + p.expressions();
            case PhysicalHashAggregate a -> "HashAggregate(" + a.step() + ") keys=" + a.groupKeys() + " calls="
                    + a.calls().stream().map(c -> c.function() + "($" + c.argument() + ")").toList();
            case PhysicalSort s -> (s.isTopN() ? "TopN" : "Sort") + " keys=" + s.keys() + " offset=" + s.offset()
                    + " fetch=" + s.fetch();
            case PhysicalLimit l -> "Limit offset=" + l.offset() + " fetch=" + l.fetch();
            case PhysicalValues v -> "Values rows=" + v.rows().size();
            case PhysicalExchange e -> "Exchange(" + e.kind() + ")" + (e.keys().isEmpty() ? "" : " keys=" + e.keys())
                    + (e.ordering().isEmpty() ? "" : " ordering=" + e.ordering());
            case PhysicalHashJoin j -> "HashJoin(" + j.type() + ", " + j.distribution() + ") probeKeys=" + j.probeKeys()
                    + " buildKeys=" + j.buildKeys() + (j.residual() == null ? "" : " residual=" + j.residual());
            case PhysicalEnforceSingleRow e -> "EnforceSingleRow";
            case PhysicalUnion u -> "UnionAll inputs=" + u.inputs().size();
            case PhysicalRepeat r -> "Repeat keys=" + r.keyColumns() + " sets=" + r.sets() + " constants=" + r.constants();
            case PhysicalWindow w -> "Window partitionKeys=" + w.partitionKeys() + " orderKeys=" + w.orderKeys()
                    + " functions=" + w.functions();
        };
    }
}
