package io.shoaldb.exec.profile;

import io.shoaldb.exec.profile.QueryProfile.PipelineEntry;
import io.shoaldb.exec.task.Pipeline;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Renders recorded pipelines, the result's first (PIPELINE 0) and each feeding pipeline after those it feeds:
 * a header per pipeline (name, drivers, sink, the pipelines it waits for), then its operators from the sink
 * end down to its source, indented, where an input produced by another pipeline shows as
 * {@code <- PIPELINE n}. Measured, each pipeline and operator gets a line of counters summed over drivers:
 * time is inclusive of the operator's inputs in the same pipeline, "self" excludes them.
 */
final class PlanText {
    private final List<PipelineEntry> ordered;
    private final boolean measured;
    /** The clock reading the timelines are relative to. */
    private final long origin;
    private final Map<PlanStep, Integer> numberOfTop = new IdentityHashMap<>();
    private final Map<Pipeline, Integer> numberOf = new IdentityHashMap<>();
    private final List<String> lines = new ArrayList<>();

    PlanText(List<PipelineEntry> added, boolean measured, long origin) {
        this.ordered = new ArrayList<>(added).reversed();
        this.measured = measured;
        this.origin = origin;
        for (int i = 0; i < ordered.size(); i++) {
            numberOfTop.put(ordered.get(i).top(), i);
            numberOf.put(ordered.get(i).pipeline(), i);
        }
    }

    List<String> lines() {
        for (int i = 0; i < ordered.size(); i++) {
            PipelineEntry e = ordered.get(i);
            Pipeline p = e.pipeline();
            StringBuilder header = new StringBuilder("PIPELINE ").append(i).append(": ").append(p.name())
                    .append(", drivers=").append(p.drivers()).append(", sink=").append(e.sink().describe());
            List<String> waits = p.dependencies().stream().map(d -> "PIPELINE " + numberOf.get(d)).toList();
            if (!waits.isEmpty()) {
                header.append(", starts after ").append(String.join(", ", waits));
            }
            lines.add(header.toString());
            if (measured) {
                lines.add("  " + pipelineCounters(e));
            }
            step(e.top(), 1, i);
        }
        return lines;
    }

    private void step(PlanStep step, int depth, int pipeline) {
        String indent = "  ".repeat(depth);
        lines.add(indent + step.label());
        if (measured) {
            lines.add(indent + "  " + stepCounters(step, pipeline));
        }
        for (PlanStep in : step.inputs()) {
            Integer feeder = numberOfTop.get(in);
            if (feeder != null && feeder != pipeline) {
                lines.add(indent + "  <- PIPELINE " + feeder + " (" + ordered.get(feeder).pipeline().name() + ")");
            } else {
                step(in, depth + 1, pipeline);
            }
        }
    }

    private String stepCounters(PlanStep step, int pipeline) {
        OperatorCounters total = step.total();
        long inputRows = 0;
        long inputWall = 0;
        long inputCpu = 0;
        boolean hasInputs = false;
        for (PlanStep in : step.inputs()) {
            Integer feeder = numberOfTop.get(in);
            if (feeder == null || feeder == pipeline) {
                OperatorCounters c = in.total();
                hasInputs = true;
                inputRows += c.rows;
                inputWall += c.wallNanos;
                inputCpu += c.cpuNanos;
            }
        }
        StringBuilder sb = new StringBuilder("[");
        if (hasInputs) {
            sb.append("rows in ").append(inputRows).append(", ");
        } else if (total.rowsRead > 0) {
            sb.append("rows read ").append(total.rowsRead);
            List<Long> perDriver = step.rowsReadPerDriver();
            if (perDriver.size() > 1) { // how evenly the scan's work units spread over its drivers
                sb.append(" (per driver ").append(perDriver.stream().map(String::valueOf)
                        .collect(Collectors.joining(" "))).append(')');
            }
            sb.append(", ");
        }
        sb.append("rows out ").append(total.rows).append(", batches ").append(total.batches)
                .append(", time ").append(millis(total.wallNanos))
                .append(" (self ").append(millis(Math.max(0, total.wallNanos - inputWall)))
                .append(", self cpu ").append(millis(Math.max(0, total.cpuNanos - inputCpu))).append(")");
        if (total.peakBytes > 0) {
            sb.append(", peak memory ").append(bytes(total.peakBytes));
        }
        if (total.spilledRuns > 0) {
            sb.append(", spilled ").append(bytes(total.spilledBytes)).append(" in ").append(total.spilledRuns)
                    .append(" runs");
        }
        return sb.append(", drivers ").append(step.driverCount()).append(']').toString();
    }

    private String pipelineCounters(PipelineEntry e) {
        long wall = 0;
        long cpu = 0;
        long rows = 0;
        long batches = 0;
        long sink = 0;
        long started = Long.MAX_VALUE;
        long firstToSink = Long.MAX_VALUE;
        long finished = Long.MIN_VALUE;
        int drivers;
        synchronized (e.drivers()) {
            drivers = e.drivers().size();
            for (DriverCounters d : e.drivers()) {
                started = earliest(started, d.firstSliceAt);
                firstToSink = earliest(firstToSink, d.firstSinkAt);
                finished = d.finishedAt == 0 ? finished : Math.max(finished, d.finishedAt);
                wall += d.sliceWallNanos;
                cpu += d.sliceCpuNanos;
                rows += d.sinkRows;
                batches += d.sinkBatches;
                sink += d.sinkNanos;
            }
        }
        StringBuilder sb = new StringBuilder("[drivers run ").append(drivers).append(", busy ").append(millis(wall))
                .append(" (cpu ").append(millis(cpu)).append("), to sink ").append(rows).append(" rows in ")
                .append(batches).append(" batches, sink time ").append(millis(sink));
        long held = e.sink().retainedBytes();
        if (held > 0) {
            sb.append(", sink holds ").append(bytes(held));
        }
        return sb.append(", at ").append(since(started)).append(" / ").append(since(firstToSink)).append(" / ")
                .append(since(finished)).append(']').toString();
    }

    private static long earliest(long sofar, long at) {
        return at == 0 ? sofar : Math.min(sofar, at);
    }

    /** A clock reading as ms since the query started ({@code -} for an event that did not happen). */
    private String since(long at) {
        return at == Long.MAX_VALUE || at == Long.MIN_VALUE ? "-"
                : String.format(Locale.ROOT, "+%.2f", (at - origin) / 1e6);
    }

    static String millis(long nanos) {
        return String.format(Locale.ROOT, "%.2f ms", nanos / 1e6);
    }

    static String bytes(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        if (bytes < 1024 * 1024) {
            return String.format(Locale.ROOT, "%.1f KB", bytes / 1024.0);
        }
        return String.format(Locale.ROOT, "%.1f MB", bytes / (1024.0 * 1024));
    }
}
