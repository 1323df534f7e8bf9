package io.shoaldb.exec.task;

import io.shoaldb.exec.operator.Operator;
import java.util.ArrayList;
import java.util.List;

/**
 * A chain of operators from a source (tablet scans, an exchange, constants) to a sink, run by
 * {@code drivers} drivers in parallel, each with its own operator instances. Pipelines that build join hash
 * tables must finish before the pipelines that probe them start: those are this pipeline's dependencies.
 * Pipelines connected by an exchange run at the same time (the exchange is bounded in between).
 */
public final class Pipeline {
    /** Creates driver {@code driver}'s operators; {@code self} is handed to sources that may need to resume it. */
    @FunctionalInterface
    public interface Chain {
        Operator create(int driver, Driver self);
    }

    private final String name;
    private final int drivers;
    private final Chain chain;
    private final PipelineSink sink;
    private final List<Pipeline> dependencies;
    private final List<Pipeline> dependents = new ArrayList<>();
    private int unfinishedDependencies;
    private int runningDrivers;

    public Pipeline(String name, int drivers, Chain chain, PipelineSink sink, List<Pipeline> dependencies) {
        if (drivers < 1) {
            throw new IllegalArgumentException("a pipeline needs at least one driver");
        }
        this.name = name;
        this.drivers = drivers;
        this.chain = chain;
        this.sink = sink;
        this.dependencies = List.copyOf(dependencies);
        this.unfinishedDependencies = this.dependencies.size();
        this.runningDrivers = drivers;
        for (Pipeline d : this.dependencies) {
            d.dependents.add(this);
        }
    }

    public String name() {
        return name;
    }

    public int drivers() {
        return drivers;
    }

    /** The pipelines that must finish before this one starts (join builds). */
    public List<Pipeline> dependencies() {
        return dependencies;
    }

    Chain chain() {
        return chain;
    }

    PipelineSink sink() {
        return sink;
    }

    boolean ready() {
        return unfinishedDependencies == 0;
    }

    /** One driver finished; true when it was the last (the caller holds the query's lock). */
    boolean driverFinished() {
        return --runningDrivers == 0;
    }

    /** This pipeline finished: the dependents that can start now (the caller holds the query's lock). */
    List<Pipeline> release() {
        List<Pipeline> ready = new ArrayList<>();
        for (Pipeline d : dependents) {
            if (--d.unfinishedDependencies == 0) {
                ready.add(d);
            }
        }
        return ready;
    }

    @Override
    public String toString() {
        return name + "x" + drivers;
    }
}
