package io.shoaldb.exec.profile;

import io.shoaldb.exec.operator.Operator;
import io.shoaldb.exec.task.Pipeline;
import java.util.ArrayList;
import java.util.List;

/**
 * One plan node as the executor runs it: its description, the steps it reads from (in its own pipeline, or the
 * top of another pipeline that feeds it through an exchange or a join build), and, when the query is profiled,
 * the counters of each driver's instance of its operator. Public only as a handle for the planner.
 */
public final class PlanStep {
    private final String label;
    private final boolean measured;
    private final List<PlanStep> inputs = new ArrayList<>();
    private final List<OperatorCounters> drivers = new ArrayList<>();

    PlanStep(String label, boolean measured) {
        this.label = label;
        this.measured = measured;
    }

    String label() {
        return label;
    }

    List<PlanStep> inputs() {
        return inputs;
    }

    void addInput(PlanStep input) {
        inputs.add(input);
    }

    /** The chain that creates this step's operator for each driver, wrapped to count when measured. */
    Pipeline.Chain chain(Pipeline.Chain operators) {
        return new Chain(this, operators);
    }

    /** The step a pipeline's chain starts at, or null for a chain that was not recorded. */
    static PlanStep of(Pipeline.Chain chain) {
        return chain instanceof Chain c ? c.step : null;
    }

    private Operator create(Pipeline.Chain operators, int driver, io.shoaldb.exec.task.Driver self) {
        Operator operator = operators.create(driver, self);
        if (!measured) {
            return operator;
        }
        OperatorCounters counters = new OperatorCounters();
        synchronized (drivers) {
            drivers.add(counters);
        }
        return new ProfiledOperator(operator, counters);
    }

    /** The counters of every driver so far, summed (peak bytes too: drivers hold their state at once). */
    OperatorCounters total() {
        OperatorCounters sum = new OperatorCounters();
        synchronized (drivers) {
            for (OperatorCounters c : drivers) {
                sum.batches += c.batches;
                sum.rows += c.rows;
                sum.rowsRead += c.rowsRead;
                sum.wallNanos += c.wallNanos;
                sum.cpuNanos += c.cpuNanos;
                sum.peakBytes += c.peakBytes;
                sum.spilledBytes += c.spilledBytes;
                sum.spilledRuns += c.spilledRuns;
            }
        }
        return sum;
    }

    /** The rows each driver's instance read from storage (a scan's share of the work units), in driver order. */
    List<Long> rowsReadPerDriver() {
        synchronized (drivers) {
            return drivers.stream().map(c -> c.rowsRead).toList();
        }
    }

    int driverCount() {
        synchronized (drivers) {
            return drivers.size();
        }
    }

    private record Chain(PlanStep step, Pipeline.Chain operators) implements Pipeline.Chain {
        @Override
        public Operator create(int driver, io.shoaldb.exec.task.Driver self) {
            return step.create(operators, driver, self);
        }
    }
}
