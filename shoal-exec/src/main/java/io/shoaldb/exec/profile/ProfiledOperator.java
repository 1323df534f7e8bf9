package io.shoaldb.exec.profile;

import io.shoaldb.exec.operator.Operator;
import io.shoaldb.exec.operator.RetainedMemory;
import io.shoaldb.exec.operator.RowsRead;
import io.shoaldb.exec.operator.Spilled;
import io.shoaldb.vector.Batch;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * Wraps one operator of a profiled query and counts what passes through its {@code next()}: batches and rows
 * returned, wall and thread CPU time spent inside (its inputs in the pipeline included; the renderer
 * subtracts them), the peak of the bytes a {@link RetainedMemory} operator reports, and what a {@link Spilled}
 * operator wrote to spill runs. Only profiled queries
 * get wrappers, so an unprofiled query pays nothing.
 */
final class ProfiledOperator implements Operator {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private final Operator operator;
    private final OperatorCounters counters;
    private final boolean cpu;

    ProfiledOperator(Operator operator, OperatorCounters counters) {
        this.operator = operator;
        this.counters = counters;
        this.cpu = THREADS.isCurrentThreadCpuTimeSupported();
    }

    @Override
    public Batch next() {
        long cpuStart = cpu ? THREADS.getCurrentThreadCpuTime() : 0;
        long start = System.nanoTime();
        Batch b = operator.next();
        counters.wallNanos += System.nanoTime() - start;
        if (cpu) {
            counters.cpuNanos += THREADS.getCurrentThreadCpuTime() - cpuStart;
        }
        if (b != null && !Operator.isSignal(b)) {
            counters.batches++;
            counters.rows += b.positionCount();
        }
        if (operator instanceof RowsRead r) {
            counters.rowsRead = r.rowsRead();
        }
        if (operator instanceof RetainedMemory m) {
            counters.peakBytes = Math.max(counters.peakBytes, m.retainedBytes());
        }
        if (operator instanceof Spilled s) {
            counters.spilledBytes = s.spilledBytes();
            counters.spilledRuns = s.spilledRuns();
        }
        return b;
    }

    @Override
    public void close() {
        operator.close();
    }
}
