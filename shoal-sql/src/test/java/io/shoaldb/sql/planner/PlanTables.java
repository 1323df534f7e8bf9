package io.shoaldb.sql.planner;

import io.shoaldb.sql.planner.physical.PhysicalNode;
import io.shoaldb.sql.planner.physical.PhysicalScan;
import java.util.HashSet;
import java.util.Set;

/** The tables a physical plan (sub)tree scans, for tests that check where the planner put a join or a filter. */
final class PlanTables {
    private PlanTables() {
    }

    static Set<String> of(PhysicalNode node) {
        Set<String> names = new HashSet<>();
        if (node instanceof PhysicalScan scan) {
            names.add(scan.table());
        }
        node.inputs().forEach(in -> names.addAll(of(in)));
        return names;
    }

    /** How many scans of {@code table} the plan (sub)tree holds. */
    static int scans(PhysicalNode node, String table) {
        int own = node instanceof PhysicalScan scan && scan.table().equals(table) ? 1 : 0;
        return own + node.inputs().stream().mapToInt(in -> scans(in, table)).sum();
    }
}
