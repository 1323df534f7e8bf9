package io.shoaldb.sql.tree;

import java.util.List;
import org.apache.calcite.sql.SqlWriter;

/**
 * {@code DISTRIBUTED BY HASH(c, ...) | RANDOM [BUCKETS n | AUTO]}. {@code hash} false means RANDOM
 * (then {@code columns} is empty); {@code buckets} null means AUTO or no BUCKETS clause.
 */
public record SqlDistribution(boolean hash, List<String> columns, Integer buckets) {
    public SqlDistribution {
        columns = List.copyOf(columns);
    }

    void unparse(SqlWriter w) {
        w.keyword("DISTRIBUTED BY");
        if (hash) {
            w.keyword("HASH");
            Unparsing.identifierList(w, columns);
        } else {
            w.keyword("RANDOM");
        }
        w.keyword("BUCKETS");
        if (buckets == null) {
            w.keyword("AUTO");
        } else {
            w.literal(buckets.toString());
        }
    }
}
