package io.shoaldb.catalog.model;

import java.util.List;

/**
 * How rows spread over buckets (tablets): by hash of {@code columns}, or at random ({@code hash} false,
 * no columns). {@code buckets} 0 means {@code BUCKETS AUTO}.
 */
public record Distribution(boolean hash, List<String> columns, int buckets) {
    public static final int AUTO_BUCKETS = 0;

    public Distribution {
        columns = columns == null ? List.of() : List.copyOf(columns);
    }

    public static Distribution hash(List<String> columns, int buckets) {
        return new Distribution(true, columns, buckets);
    }

    public static Distribution random(int buckets) {
        return new Distribution(false, List.of(), buckets);
    }

    public boolean autoBuckets() {
        return buckets == AUTO_BUCKETS;
    }
}
