package io.shoaldb.exec.operator;

/**
 * An operator that holds state across batches (hash tables, sort buffers) and can estimate the bytes it
 * retains: the sizes of the arrays it owns, not counting object headers it does not know about. Profiling
 * samples it after every batch and keeps the peak.
 */
public interface RetainedMemory {
    long retainedBytes();
}
