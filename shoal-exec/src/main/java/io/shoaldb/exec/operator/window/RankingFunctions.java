package io.shoaldb.exec.operator.window;

import io.shoaldb.vector.DoubleVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.LongVector;
import io.shoaldb.vector.type.DataType;

/** ROW_NUMBER, RANK, DENSE_RANK, NTILE, PERCENT_RANK, CUME_DIST: from partition and peer bounds alone. */
final class RankingFunctions {
    private RankingFunctions() {
    }

    static FlatVector rowNumber(SortedPartitions p) {
        long[] out = new long[p.size];
        for (int k = 0; k < p.size; k++) {
            out[k] = k - p.partitionStart[k] + 1;
        }
        return new LongVector(DataType.BIGINT, p.size, out, null);
    }

    /** One more than the rows of the partition before the current row's peers (gaps after ties). */
    static FlatVector rank(SortedPartitions p) {
        long[] out = new long[p.size];
        for (int k = 0; k < p.size; k++) {
            out[k] = p.peerStart[k] - p.partitionStart[k] + 1;
        }
        return new LongVector(DataType.BIGINT, p.size, out, null);
    }

    /** The number of peer groups up to the current row's (no gaps). */
    static FlatVector denseRank(SortedPartitions p) {
        long[] out = new long[p.size];
        long rank = 0;
        for (int k = 0; k < p.size; k++) {
            if (k == p.partitionStart[k]) {
                rank = 0;
            }
            if (k == p.peerStart[k]) {
                rank++;
            }
            out[k] = rank;
        }
        return new LongVector(DataType.BIGINT, p.size, out, null);
    }

    /**
     * Bucket 1..n of the row: the partition's rows split into n buckets in order, the first {@code rows % n}
     * buckets one row larger (with fewer rows than buckets, each row its own bucket).
     */
    static FlatVector ntile(SortedPartitions p, long buckets) {
        long[] out = new long[p.size];
        for (int k = 0; k < p.size; k++) {
            out[k] = bucket(k - p.partitionStart[k], p.partitionEnd[k] - p.partitionStart[k], buckets);
        }
        return new LongVector(DataType.BIGINT, p.size, out, null);
    }

    /** NTILE's bucket of the row at position {@code r} of a partition of {@code rows} rows. */
    static long bucket(long r, long rows, long buckets) {
        long small = rows / buckets;
        long large = rows % buckets;
        long inLarge = large * (small + 1);
        return r < inLarge ? r / (small + 1) + 1 : (r - inLarge) / small + large + 1;
    }

    /** (rank - 1) / (rows - 1), 0 for a partition of one row. */
    static FlatVector percentRank(SortedPartitions p) {
        double[] out = new double[p.size];
        for (int k = 0; k < p.size; k++) {
            long rows = p.partitionEnd[k] - p.partitionStart[k];
            out[k] = rows <= 1 ? 0.0 : (double) (p.peerStart[k] - p.partitionStart[k]) / (rows - 1);
        }
        return new DoubleVector(DataType.DOUBLE, p.size, out, null);
    }

    /** The fraction of the partition's rows ordered before the current row or its peers. */
    static FlatVector cumeDist(SortedPartitions p) {
        double[] out = new double[p.size];
        for (int k = 0; k < p.size; k++) {
            long rows = p.partitionEnd[k] - p.partitionStart[k];
            out[k] = (double) (p.peerEnd[k] - p.partitionStart[k]) / rows;
        }
        return new DoubleVector(DataType.DOUBLE, p.size, out, null);
    }
}
