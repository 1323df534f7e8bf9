package io.shoaldb.exec.operator.window;

import io.shoaldb.sql.planner.physical.WindowFrame;

/**
 * The frame of every sorted position as positions {@code [start, end)}, clipped to its partition (empty when
 * the frame lies outside it). Within a partition both bounds never decrease from one row to the next, which
 * is what lets aggregates slide over the frames instead of recomputing them.
 */
record FrameBounds(int[] start, int[] end) {
    static FrameBounds of(SortedPartitions rows, WindowFrame frame) {
        int[] start = new int[rows.size];
        int[] end = new int[rows.size];
        for (int k = 0; k < rows.size; k++) {
            int ps = rows.partitionStart[k];
            int pe = rows.partitionEnd[k];
            long s = switch (frame.start().kind()) {
                case UNBOUNDED_PRECEDING -> ps;
                case PRECEDING -> (long) k - frame.start().offset();
                case CURRENT_ROW -> frame.rows() ? k : rows.peerStart[k];
                case FOLLOWING -> (long) k + frame.start().offset();
                case UNBOUNDED_FOLLOWING -> pe;
            };
            long e = switch (frame.end().kind()) {
                case UNBOUNDED_PRECEDING -> ps;
                case PRECEDING -> (long) k - frame.end().offset() + 1;
                case CURRENT_ROW -> frame.rows() ? k + 1 : rows.peerEnd[k];
                case FOLLOWING -> (long) k + frame.end().offset() + 1;
                case UNBOUNDED_FOLLOWING -> pe;
            };
            start[k] = (int) Math.min(Math.max(s, ps), pe);
            end[k] = (int) Math.max(Math.min(e, pe), start[k]);
        }
        return new FrameBounds(start, end);
    }

    boolean isEmpty(int k) {
        return start[k] >= end[k];
    }
}
