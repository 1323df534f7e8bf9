package io.shoaldb.storage.segment;

import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;

/**
 * A {@link ZoneMapPredicate} compiled against a segment schema: constants turned into zone keys once,
 * so testing a page is a few byte comparisons.
 */
public final class ZoneMapPruner {
    /** Tests the zone maps of one page (or whole columns), given per column position. */
    @FunctionalInterface
    private interface Test {
        boolean mightMatch(IntFunction<ZoneMap> zones);
    }

    private final Test test;

    private ZoneMapPruner(Test test) {
        this.test = test;
    }

    public static ZoneMapPruner compile(ZoneMapPredicate predicate, List<SegmentColumn> schema) {
        return new ZoneMapPruner(compileTest(predicate, schema));
    }

    /** False only when no row covered by {@code zones} can satisfy the predicate. */
    public boolean mightMatch(IntFunction<ZoneMap> zones) {
        return test.mightMatch(zones);
    }

    private static Test compileTest(ZoneMapPredicate p, List<SegmentColumn> schema) {
        return switch (p) {
            case ZoneMapPredicate.IsNull n -> zones -> zones.apply(checked(n.column(), schema)).nullCount() > 0;
            case ZoneMapPredicate.IsNotNull n -> zones -> zones.apply(checked(n.column(), schema)).hasValues();
            case ZoneMapPredicate.Compare c -> compare(c, schema);
            case ZoneMapPredicate.Range r -> range(r, schema);
            case ZoneMapPredicate.In in -> in(in, schema);
            case ZoneMapPredicate.And a -> {
                Test[] terms = a.terms().stream().map(t -> compileTest(t, schema)).toArray(Test[]::new);
                yield zones -> {
                    for (Test t : terms) {
                        if (!t.mightMatch(zones)) {
                            return false;
                        }
                    }
                    return true;
                };
            }
            case ZoneMapPredicate.Or o -> {
                Test[] terms = o.terms().stream().map(t -> compileTest(t, schema)).toArray(Test[]::new);
                yield zones -> {
                    for (Test t : terms) {
                        if (t.mightMatch(zones)) {
                            return true;
                        }
                    }
                    return false;
                };
            }
        };
    }

    private static Test compare(ZoneMapPredicate.Compare c, List<SegmentColumn> schema) {
        int column = checked(c.column(), schema);
        if (c.value() == null) {
            return zones -> false; // column op NULL is never true
        }
        byte[] k = ZoneKeys.ofConstant(schema.get(column).type(), c.value());
        if (k == null) {
            return zones -> true;
        }
        return zones -> {
            ZoneMap z = zones.apply(column);
            if (!z.hasValues()) {
                return false;
            }
            int vsMin = Arrays.compareUnsigned(k, z.min());
            int vsMax = Arrays.compareUnsigned(k, z.max());
            return switch (c.op()) {
                case EQ -> vsMin >= 0 && vsMax <= 0;
                case LT -> vsMin > 0;
                case LE -> vsMin >= 0;
                case GT -> vsMax < 0;
                case GE -> vsMax <= 0;
            };
        };
    }

    private static Test in(ZoneMapPredicate.In in, List<SegmentColumn> schema) {
        int column = checked(in.column(), schema);
        List<byte[]> keys = new java.util.ArrayList<>();
        for (Object v : in.values()) {
            if (v == null) {
                continue; // column = NULL is never true
            }
            byte[] k = ZoneKeys.ofConstant(schema.get(column).type(), v);
            if (k == null) {
                return zones -> true;
            }
            keys.add(k);
        }
        byte[][] sorted = keys.toArray(byte[][]::new);
        Arrays.sort(sorted, Arrays::compareUnsigned);
        return zones -> {
            ZoneMap z = zones.apply(column);
            if (!z.hasValues() || sorted.length == 0) {
                return false;
            }
            // The first value >= min must exist and be <= max.
            int lo = 0;
            int hi = sorted.length;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (Arrays.compareUnsigned(sorted[mid], z.min()) < 0) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            return lo < sorted.length && Arrays.compareUnsigned(sorted[lo], z.max()) <= 0;
        };
    }

    private static Test range(ZoneMapPredicate.Range r, List<SegmentColumn> schema) {
        int column = checked(r.column(), schema);
        ZoneMapPredicate.Op lowerOp = r.lowerInclusive() ? ZoneMapPredicate.Op.GE : ZoneMapPredicate.Op.GT;
        ZoneMapPredicate.Op upperOp = r.upperInclusive() ? ZoneMapPredicate.Op.LE : ZoneMapPredicate.Op.LT;
        Test lower = r.lower() == null ? zones -> zones.apply(column).hasValues()
                : compare(new ZoneMapPredicate.Compare(column, lowerOp, r.lower()), schema);
        Test upper = r.upper() == null ? zones -> zones.apply(column).hasValues()
                : compare(new ZoneMapPredicate.Compare(column, upperOp, r.upper()), schema);
        return zones -> lower.mightMatch(zones) && upper.mightMatch(zones);
    }

    private static int checked(int column, List<SegmentColumn> schema) {
        if (column < 0 || column >= schema.size()) {
            throw new IllegalArgumentException("predicate column " + column + " not in a segment of " + schema.size());
        }
        return column;
    }
}
