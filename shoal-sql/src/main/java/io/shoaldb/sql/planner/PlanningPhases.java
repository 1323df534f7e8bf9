package io.shoaldb.sql.planner;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where planning time goes, for measurement tools: while a recorder is {@link #start started} on a thread, the
 * planner adds the time since the previous mark to each phase it finishes (checks, validate, sql-to-rel, the
 * optimiser's phases, translate). Costs one thread-local read per phase otherwise.
 */
public final class PlanningPhases {
    private static final ThreadLocal<PlanningPhases> ACTIVE = new ThreadLocal<>();
    private final Map<String, Long> nanos = new LinkedHashMap<>();
    private long last = System.nanoTime();

    private PlanningPhases() {
    }

    /** Starts recording the planning done on this thread (until {@link #stop}). */
    public static PlanningPhases start() {
        PlanningPhases phases = new PlanningPhases();
        ACTIVE.set(phases);
        return phases;
    }

    public static void stop() {
        ACTIVE.remove();
    }

    /** Nanoseconds per phase, in the order the phases first ended. */
    public Map<String, Long> nanos() {
        return nanos;
    }

    static void mark(String phase) {
        PlanningPhases phases = ACTIVE.get();
        if (phases != null) {
            long now = System.nanoTime();
            phases.nanos.merge(phase, now - phases.last, Long::sum);
            phases.last = now;
        }
    }
}
