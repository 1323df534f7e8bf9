package io.shoaldb.exec.operator.window;

import io.shoaldb.sql.planner.physical.PhysicalWindow;
import io.shoaldb.sql.planner.physical.WindowFrame;
import io.shoaldb.sql.planner.physical.WindowFrame.BoundKind;
import io.shoaldb.sql.planner.physical.WindowFunction;
import java.util.ArrayList;
import java.util.List;

/**
 * How a window's functions are evaluated over a partition too large to hold, read once (or twice) in order: which
 * functions are computed on the rows held around the ones being emitted ({@link Role#LOCAL}: the in-memory code over
 * a bounded reach), which carry a running state from the partition's start (ranks, aggregates over frames that start
 * at UNBOUNDED PRECEDING, the partition's first value), and which need the whole partition first (its row count for
 * NTILE / PERCENT_RANK / CUME_DIST, aggregates and LAST_VALUE over frames that end at UNBOUNDED FOLLOWING: a first
 * pass that writes the partition to a spill run). Frames that start at a bounded row and end at UNBOUNDED FOLLOWING
 * (a shrinking suffix) are not streamed: a window with one holds its partitions whole.
 */
final class StreamingPlan {
    /** Offsets beyond this are not streamed: the rows they reach would have to be held anyway. */
    private static final long MAX_REACH = 1 << 20;

    enum Role {
        /** Computed by the in-memory code over the held rows, which cover the function's reach. */
        LOCAL,
        ROW_NUMBER, RANK, DENSE_RANK,
        /** Need the partition's row count. */
        NTILE, PERCENT_RANK, CUME_DIST,
        /** An aggregate over frames starting at the partition's start and ending at a bounded row: a running state. */
        PREFIX,
        /** An aggregate over the whole partition, computed in the first pass. */
        WHOLE,
        /** FIRST_VALUE of frames starting at UNBOUNDED PRECEDING: the partition's first row (NULL for empty frames). */
        PARTITION_FIRST,
        /** LAST_VALUE of frames ending at UNBOUNDED FOLLOWING: the partition's last row (NULL for empty frames). */
        PARTITION_LAST
    }

    final PhysicalWindow window;
    final Role[] roles;
    /** The window restricted to its LOCAL functions, for the in-memory evaluator. */
    final PhysicalWindow local;
    /** Rows before the first row to emit that must still be held (at least 1: the previous row's peer group). */
    final int back;
    /** Rows after a row that must have arrived before it is emitted. */
    final int ahead;
    /** A row is emitted only once its peer group has ended (CUME_DIST, RANGE ... CURRENT ROW ends). */
    final boolean peerEnd;
    /** The held rows start at the first row's peer group at the latest (RANGE CURRENT ROW starts). */
    final boolean peerStart;
    /** A first pass over the partition is needed (its row count, whole-partition aggregates, its last row). */
    final boolean firstPass;
    /** Whether every function can be streamed; if not, partitions are held whole. */
    final boolean streamable;

    private StreamingPlan(PhysicalWindow window, Role[] roles, int back, int ahead, boolean peerEnd, boolean peerStart,
                          boolean firstPass, boolean streamable) {
        this.window = window;
        this.roles = roles;
        List<WindowFunction> locals = new ArrayList<>();
        for (int f = 0; f < roles.length; f++) {
            if (roles[f] == Role.LOCAL) {
                locals.add(window.functions().get(f));
            }
        }
        this.local = new PhysicalWindow(window.input(), window.partitionKeys(), window.orderKeys(), locals);
        this.back = back;
        this.ahead = ahead;
        this.peerEnd = peerEnd;
        this.peerStart = peerStart;
        this.firstPass = firstPass;
        this.streamable = streamable;
    }

    static StreamingPlan of(PhysicalWindow window) {
        List<WindowFunction> functions = window.functions();
        Role[] roles = new Role[functions.size()];
        Reach reach = new Reach();
        boolean streamable = true;
        boolean firstPass = false;
        for (int f = 0; f < roles.length; f++) {
            WindowFunction fn = functions.get(f);
            Role role = roleOf(fn);
            roles[f] = role;
            if (role == null) {
                streamable = false;
                continue;
            }
            switch (role) {
                case NTILE, PERCENT_RANK, WHOLE, PARTITION_LAST -> firstPass = true;
                case CUME_DIST -> {
                    firstPass = true;
                    reach.peerEnd = true;
                }
                default -> {
                }
            }
            if (fn.kind() == WindowFunction.Kind.LAG) {
                reach.back(fn.offset());
            } else if (fn.kind() == WindowFunction.Kind.LEAD) {
                reach.ahead(fn.offset());
            } else if (role == Role.LOCAL) {
                reach.bound(fn.frame(), fn.frame().start(), true);
                reach.bound(fn.frame(), fn.frame().end(), false);
            } else if (role == Role.PREFIX) {
                reach.bound(fn.frame(), fn.frame().end(), false);
            }
        }
        streamable &= reach.back <= MAX_REACH && reach.ahead <= MAX_REACH;
        return new StreamingPlan(window, roles, (int) Math.min(MAX_REACH, Math.max(1, reach.back)),
                (int) Math.min(MAX_REACH, reach.ahead), reach.peerEnd, reach.peerStart, firstPass, streamable);
    }

    /** The function's role, or null when it cannot be streamed. */
    private static Role roleOf(WindowFunction f) {
        return switch (f.kind()) {
            case ROW_NUMBER -> Role.ROW_NUMBER;
            case RANK -> Role.RANK;
            case DENSE_RANK -> Role.DENSE_RANK;
            case NTILE -> Role.NTILE;
            case PERCENT_RANK -> Role.PERCENT_RANK;
            case CUME_DIST -> Role.CUME_DIST;
            case LAG, LEAD -> Role.LOCAL;
            case FIRST_VALUE -> f.frame().start().kind() == BoundKind.UNBOUNDED_PRECEDING
                    ? Role.PARTITION_FIRST : Role.LOCAL;
            case LAST_VALUE -> f.frame().end().kind() == BoundKind.UNBOUNDED_FOLLOWING
                    ? Role.PARTITION_LAST : Role.LOCAL;
            case COUNT_STAR, COUNT, SUM, SUM0, AVG, MIN, MAX -> aggregateRole(f.frame());
        };
    }

    private static Role aggregateRole(WindowFrame frame) {
        BoundKind start = frame.start().kind();
        BoundKind end = frame.end().kind();
        if (start == BoundKind.UNBOUNDED_FOLLOWING || end == BoundKind.UNBOUNDED_PRECEDING) {
            return Role.LOCAL; // always empty
        }
        if (start == BoundKind.UNBOUNDED_PRECEDING) {
            return end == BoundKind.UNBOUNDED_FOLLOWING ? Role.WHOLE : Role.PREFIX;
        }
        return end == BoundKind.UNBOUNDED_FOLLOWING ? null : Role.LOCAL;
    }

    /** The rows around the current one that evaluating it reaches. */
    private static final class Reach {
        long back;
        long ahead;
        boolean peerEnd;
        boolean peerStart;

        void back(long rows) {
            back = Math.max(back, rows);
        }

        void ahead(long rows) {
            ahead = Math.max(ahead, rows);
        }

        void bound(WindowFrame frame, WindowFrame.Bound bound, boolean start) {
            switch (bound.kind()) {
                case PRECEDING -> back(bound.offset());
                case FOLLOWING -> ahead(bound.offset());
                case CURRENT_ROW -> {
                    if (!frame.rows()) {
                        if (start) {
                            peerStart = true;
                        } else {
                            peerEnd = true;
                        }
                    }
                }
                default -> {
                }
            }
        }
    }
}
