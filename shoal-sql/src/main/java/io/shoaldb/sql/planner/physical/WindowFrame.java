package io.shoaldb.sql.planner.physical;

/**
 * The rows a window aggregate sees for each row of its partition. ROWS counts rows from the current one;
 * RANGE (offsets are not supported) ends at the current row's peers: CURRENT ROW as a start is the first
 * row with the same ORDER BY values, as an end the last. The default frame with ORDER BY is
 * {@code RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW}, without it the whole partition.
 */
public record WindowFrame(boolean rows, Bound start, Bound end) {
    public enum BoundKind { UNBOUNDED_PRECEDING, PRECEDING, CURRENT_ROW, FOLLOWING, UNBOUNDED_FOLLOWING }

    /** One end of a frame; {@code offset} counts rows for PRECEDING / FOLLOWING, 0 otherwise. */
    public record Bound(BoundKind kind, long offset) {
        public Bound {
            if (offset < 0) {
                throw new IllegalArgumentException("negative frame offset " + offset);
            }
        }

        @Override
        public String toString() {
            return switch (kind) {
                case PRECEDING -> offset + " PRECEDING";
                case FOLLOWING -> offset + " FOLLOWING";
                default -> kind.name().replace('_', ' ');
            };
        }
    }

    public WindowFrame {
        if (!rows && (start.kind() == BoundKind.PRECEDING || start.kind() == BoundKind.FOLLOWING
                || end.kind() == BoundKind.PRECEDING || end.kind() == BoundKind.FOLLOWING)) {
            throw new IllegalArgumentException("RANGE frames with offsets are not supported");
        }
    }

    @Override
    public String toString() {
        return (rows ? "ROWS" : "RANGE") + " BETWEEN " + start + " AND " + end;
    }
}
