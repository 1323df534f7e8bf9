package io.shoaldb.exec.operator;

/**
 * An operator that writes state it cannot hold to spill runs: profiles (EXPLAIN ANALYZE) show what it spilled
 * next to its peak memory.
 */
public interface Spilled {
    /** Bytes of spill runs this operator instance has written so far. */
    long spilledBytes();

    /** Spill runs this operator instance has written so far (merge passes included). */
    long spilledRuns();
}
