package io.shoaldb.exec.operator;

/** An operator that can write its state to disk when memory is short: profiles show what it wrote. */
public interface SpilledState {
    /** Bytes of the spill runs this operator instance has finished writing so far. */
    long spilledBytes();

    /** Spill runs this operator instance has finished writing so far. */
    long spilledRuns();
}
