package io.shoaldb.exec;

import io.shoaldb.catalog.model.KeysType;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.type.DataType;
import java.util.List;
import java.util.Random;

/**
 * The two tables the join spill tests join: {@code probe} (30,000 rows) and {@code build} (20,000 rows), each
 * {@code (id BIGINT, k INT, s VARCHAR(12), v BIGINT)} over 3 buckets. Keys 0..4999 with duplicates, 5% NULL, and a
 * share of the rows on key 7 (0.1% of the probe side, 30% of the build side: the build side's skew); strings from a
 * small set and values, both sometimes NULL.
 */
final class SkewedJoinTables {
    private SkewedJoinTables() {
    }

    /** Creates and fills both tables in {@code db}; {@code seed} chooses the rows. */
    static void create(TestDatabase db, long seed) {
        for (String t : List.of("probe", "build")) {
            db.create(t, KeysType.DUPLICATE, List.of("id"), List.of(TestDatabase.col("id", DataType.BIGINT, false),
                    TestDatabase.col("k", DataType.INT, true), TestDatabase.col("s", DataType.varchar(12), true),
                    TestDatabase.col("v", DataType.BIGINT, true)), 3);
        }
        load(db, "probe", 30_000, 0.001, new Random(seed));
        load(db, "build", 20_000, 0.3, new Random(seed + 1));
    }

    private static void load(TestDatabase db, String table, int rows, double hot, Random random) {
        BatchBuilder b = new BatchBuilder(List.of(DataType.BIGINT, DataType.INT, DataType.varchar(12), DataType.BIGINT),
                rows);
        for (int i = 0; i < rows; i++) {
            double roll = random.nextDouble();
            Integer k = roll < 0.05 ? null : roll < 0.05 + hot ? 7 : random.nextInt(5000);
            String s = random.nextInt(20) == 0 ? null : "s" + random.nextInt(4);
            Long v = random.nextInt(10) == 0 ? null : (long) random.nextInt(1000);
            b.appendRow((long) i, k, s, v);
        }
        db.load(table, b.build());
    }
}
