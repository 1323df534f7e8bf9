package io.shoaldb.bench.ingest;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** Input consumed by the decode benchmarks: JMH reports both fields as rates (per second). */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.OPERATIONS)
public class DecodeCounters {
    /** Input megabytes (10^6 bytes) decoded: its rate is the MB/s figure. */
    public double megabytes;
    /** Rows decoded into batches. */
    public long rows;

    @Setup(Level.Iteration)
    public void reset() {
        megabytes = 0;
        rows = 0;
    }
}
