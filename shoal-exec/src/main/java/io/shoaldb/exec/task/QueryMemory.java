package io.shoaldb.exec.task;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.memory.MemoryPool;
import io.shoaldb.exec.operator.RetainedMemory;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What one query holds in memory - hash tables, sort buffers, join builds - against its {@code exec_mem_limit}.
 * Each driver measures the operators it owns after every slice, on its own thread (so an operator is never read
 * while another thread changes it), and publishes the figure here; parts several drivers share (a join's build
 * tables) are measured by whoever checks. A query over its limit fails with MEM_LIMIT_EXCEEDED at the next
 * slice end of any of its drivers, instead of growing until the heap is gone. The query also counts in the
 * server's {@link MemoryPool} ({@code mem_limit}), shared with the loads.
 */
public final class QueryMemory {
    private final long limitBytes;
    private final List<Slot> slots = new CopyOnWriteArrayList<>();
    private final List<RetainedMemory> shared = new CopyOnWriteArrayList<>();
    private volatile long peakBytes;
    private MemoryPool pool;
    private MemoryPool.QueryShare share;
    private final AtomicInteger holders = new AtomicInteger();

    /** What one driver's operators hold; written by that driver only. */
    public static final class Slot {
        private volatile long bytes;
    }

    /** @param limitBytes the query's limit; 0 = none (still measured) */
    public QueryMemory(long limitBytes) {
        this.limitBytes = limitBytes;
    }

    Slot newSlot() {
        Slot slot = new Slot();
        slots.add(slot);
        return slot;
    }

    /**
     * Counts this query in the server's pool ({@code mem_limit}) until {@link #leavePool()}; call before the query
     * starts.
     */
    public void joinPool(MemoryPool serverPool) {
        this.pool = serverPool;
        this.share = serverPool.addQuery(this::totalBytes);
    }

    /** The query has ended: it no longer counts in the server's pool. */
    public void leavePool() {
        if (share != null) {
            share.close();
        }
    }

    /** Whether the server as a whole is close to its {@code mem_limit} (queries should spill what they can). */
    public boolean serverNearlyFull() {
        return pool != null && pool.nearlyFull();
    }

    /** A driver created an operator that holds state across batches (it is measured in the driver's slot). */
    void holderCreated() {
        holders.incrementAndGet();
    }

    /**
     * Operators holding state across batches that the query's drivers have created so far: they share the limit
     * (a PARTIAL and a FINAL aggregation, a join's probe side and a sort run at the same time).
     */
    public int holders() {
        return holders.get();
    }

    /** A structure all drivers of a pipeline fill or read (a join's build tables); it measures itself. */
    public void trackShared(RetainedMemory part) {
        shared.add(part);
    }

    /**
     * Publishes what a driver's operators (and its share of its sink, {@code sinkBytes}) hold now and fails the
     * query when the total is over its limit.
     */
    void update(Slot slot, List<RetainedMemory> owned, long sinkBytes) {
        long mine = sinkBytes;
        for (RetainedMemory part : owned) {
            mine += part.retainedBytes();
        }
        slot.bytes = mine;
        long total = totalBytes();
        if (total > peakBytes) {
            peakBytes = total;
        }
        if (limitBytes > 0 && total > limitBytes) {
            throw ErrorCode.MEM_LIMIT_EXCEEDED.exception(total, limitBytes);
        }
        // Over the server's limit, the query holding the most gives way (Doris cancels the top query too); a query
        // holding nothing cannot help, whatever the loads hold.
        if (share != null && total > 0 && pool.overLimit() && pool.isLargestQuery(share)) {
            throw ErrorCode.PROCESS_MEM_LIMIT_EXCEEDED.exception(pool.usedBytes(), pool.limitBytes(), total);
        }
    }

    /**
     * Fails the query when one operator alone holds more than its limit. Called by an operator while it takes in a
     * slice's input: a driver can consume hundreds of batches in one slice and finish in it, so the check at slice ends
     * never sees what a hash table built and released inside one slice held.
     */
    public void checkHeld(long operatorBytes) {
        long held = Math.max(operatorBytes, totalBytes());
        if (limitBytes > 0 && held > limitBytes) {
            throw ErrorCode.MEM_LIMIT_EXCEEDED.exception(held, limitBytes);
        }
    }

    /** A finished driver has closed its operators: what they held is free. */
    void release(Slot slot) {
        slot.bytes = 0;
    }

    /** Bytes the query holds now, as last measured. */
    public long totalBytes() {
        long total = 0;
        for (Slot slot : slots) {
            total += slot.bytes;
        }
        for (RetainedMemory part : shared) {
            total += part.retainedBytes();
        }
        return total;
    }

    /** The most the query held at any measurement. */
    public long peakBytes() {
        return peakBytes;
    }
}
