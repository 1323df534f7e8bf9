package io.shoaldb.exec.profile;

import io.shoaldb.exec.task.Pipeline;
import io.shoaldb.exec.task.PipelineSink;
import io.shoaldb.sql.planner.physical.PhysicalNode;
import io.shoaldb.sql.planner.physical.PhysicalPlan;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The pipelines of one query as the local execution planner made them, recorded while it cuts the plan: each
 * plan node becomes a {@link PlanStep} (entered before its inputs are cut, left after), each pipeline starts at
 * the step its chain was made for. A measuring profile also wraps every operator and gives each driver
 * counters; {@link #render} prints the pipelines, with the counters summed over drivers once the query is done.
 * Recording is single-threaded (planning); counters are written by drivers and read after they finished.
 */
public final class QueryProfile {
    private final boolean measuring;
    /** When the profile was made, just before the executor cut the plan: the origin of the pipelines' timelines. */
    private final long createdAt = System.nanoTime();
    private final Deque<PlanStep> open = new ArrayDeque<>();
    private final List<PipelineEntry> pipelines = new ArrayList<>();
    private final Map<Pipeline, PipelineEntry> byPipeline = new IdentityHashMap<>();

    record PipelineEntry(Pipeline pipeline, PlanStep top, PipelineSink sink, List<DriverCounters> drivers) {
    }

    private QueryProfile(boolean measuring) {
        this.measuring = measuring;
    }

    /** For EXPLAIN: the pipelines only, nothing runs. */
    public static QueryProfile planOnly() {
        return new QueryProfile(false);
    }

    /** For EXPLAIN ANALYZE and {@code enable_profile}: operators are wrapped and counted. */
    public static QueryProfile measuring() {
        return new QueryProfile(true);
    }

    /** The planner starts cutting {@code node}: its step becomes an input of the node being cut around it. */
    public PlanStep enter(PhysicalNode node) {
        PlanStep step = new PlanStep(PhysicalPlan.describe(node), measuring);
        if (!open.isEmpty()) {
            open.peek().addInput(step);
        }
        open.push(step);
        return step;
    }

    /** The planner finished cutting the node of {@code step}; {@code chain} creates its operator per driver. */
    public Pipeline.Chain exit(PlanStep step, Pipeline.Chain chain) {
        if (open.pop() != step) {
            throw new IllegalStateException("plan steps left out of order");
        }
        return step.chain(chain);
    }

    /**
     * A pipeline was added to the query: it starts at the step its chain was recorded for. A chain made outside
     * {@code LocalExecutionPlanner.fragment} has no step; EXPLAIN then shows its operators as one unnamed line.
     */
    public void pipelineAdded(Pipeline pipeline, Pipeline.Chain chain, PipelineSink sink) {
        PlanStep top = PlanStep.of(chain);
        PipelineEntry entry = new PipelineEntry(pipeline, top == null ? new PlanStep("(operators)", false) : top, sink,
                new ArrayList<>());
        pipelines.add(entry);
        byPipeline.put(pipeline, entry);
    }

    /** Counters for driver {@code index} of {@code pipeline}, or null when nothing is measured. */
    public DriverCounters driver(Pipeline pipeline, int index) {
        if (!measuring) {
            return null;
        }
        PipelineEntry entry = byPipeline.get(pipeline);
        if (entry == null) {
            return null;
        }
        DriverCounters counters = new DriverCounters();
        synchronized (entry.drivers()) {
            entry.drivers().add(counters);
        }
        return counters;
    }

    /** The pipelines as text, one line per list entry; with the counters when measuring. */
    public List<String> render() {
        return new PlanText(pipelines, measuring, createdAt).lines();
    }
}
