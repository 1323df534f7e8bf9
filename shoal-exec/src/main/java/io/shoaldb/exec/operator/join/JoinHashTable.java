package io.shoaldb.exec.operator.join;

import io.shoaldb.exec.aggregate.GroupByHash;
import io.shoaldb.exec.expr.BatchScratch;
import io.shoaldb.exec.expr.Flat;
import io.shoaldb.sql.planner.physical.expr.Expr;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.type.DataType;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * The build side of a join, immutable once built: all build rows in one flat batch, their distinct keys in
 * {@link IntegerKeySlots} (integer keys, not null-safe) or else a {@link GroupByHash}, and per key a chain of the
 * rows having it ({@code head[slot]}, {@code next[row]}).
 * Rows with a NULL key are kept (outer joins return them) but never chained: NULL matches nothing (except
 * in null-safe keys, where NULL is a key value like any other). Without
 * keys every row is in one chain (nested-loop join). Probe drivers read it concurrently; the only mutable
 * part is the record of matched rows that RIGHT/FULL/RIGHT_SEMI/RIGHT_ANTI joins merge when their probers finish.
 */
final class JoinHashTable {
    /** The int array of a prober's {@link BatchScratch} with its rows of non-NULL keys; the slots' own come first. */
    private static final int NON_NULL_SLOT = IntegerKeySlots.FOUND_SLOT + 1;
    private final Batch rows;
    private final GroupByHash hash;
    private final IntegerKeySlots slots;
    private final int[] head;
    private final int[] next;
    private final List<Boolean> nullSafe;
    private final boolean hasNullKey;
    private final boolean uniqueKeys;
    private final BitSet matched = new BitSet();
    private int probers;

    private JoinHashTable(Batch rows, GroupByHash hash, IntegerKeySlots slots, int[] head, int[] next,
                          List<Boolean> nullSafe, boolean hasNullKey, boolean uniqueKeys, int probers) {
        this.slots = slots;
        this.nullSafe = nullSafe;
        this.uniqueKeys = uniqueKeys;
        this.rows = rows;
        this.hash = hash;
        this.head = head;
        this.next = next;
        this.hasNullKey = hasNullKey;
        this.probers = probers;
    }

    /**
     * About what a table over rows taking {@code rowBytes} holds: the rows, plus a copy of their keys, the hash slots
     * and the chains. Spilling decisions use it, so that the table built afterwards still fits.
     */
    static long estimatedBytes(long rowBytes) {
        return 2 * rowBytes;
    }

    static JoinHashTable build(Batch rows, List<Expr> keys, List<Boolean> nullSafe, int probers) {
        int n = rows.positionCount();
        int[] next = new int[n];
        if (keys.isEmpty()) {
            for (int r = 0; r < n; r++) {
                next[r] = r + 1 < n ? r + 1 : -1;
            }
            return new JoinHashTable(rows, null, null, new int[] {n > 0 ? 0 : -1}, next, List.of(), false, false,
                    probers);
        }
        Batch keyBatch = new JoinKeys(keys).evaluate(rows);
        int[] nonNull = new int[n];
        int count = matchableRows(keyBatch, nullSafe, n, nonNull);
        IntegerKeySlots slots = nullSafe.contains(true) ? null : IntegerKeySlots.forBuild(keyBatch, nonNull, count);
        if (slots != null) {
            return chained(rows, slots, keyBatch, nonNull, count, nullSafe, probers);
        }
        GroupByHash hash = new GroupByHash(keys.stream().map(Expr::type).toList());
        int[] groups = hash.groupIds(keyBatch, Flat.identity(keys.size()), nonNull, count);
        int[] head = new int[hash.groupCount()];
        Arrays.fill(head, -1);
        Arrays.fill(next, -1);
        // Chained back to front, so that each chain lists its rows in input order.
        for (int i = count - 1; i >= 0; i--) {
            int row = nonNull[i];
            next[row] = head[groups[i]];
            head[groups[i]] = row;
        }
        return new JoinHashTable(rows, hash, null, head, next, nullSafe, count < n, hash.groupCount() == count,
                probers);
    }

    /** The chains over integer key slots: the slot array is sized once from the build, nothing grows. */
    private static JoinHashTable chained(Batch rows, IntegerKeySlots slots, Batch keyBatch, int[] nonNull, int count,
                                         List<Boolean> nullSafe, int probers) {
        int n = rows.positionCount();
        int[] slotOfRow = slots.insert(keyBatch, nonNull, count);
        int[] head = new int[slots.slotCount()];
        int[] next = new int[n];
        Arrays.fill(head, -1);
        Arrays.fill(next, -1);
        int keysSeen = 0;
        // Chained back to front, so that each chain lists its rows in input order.
        for (int i = count - 1; i >= 0; i--) {
            int row = nonNull[i];
            int slot = slotOfRow[i];
            if (head[slot] < 0) {
                keysSeen++;
            }
            next[row] = head[slot];
            head[slot] = row;
        }
        return new JoinHashTable(rows, null, slots, head, next, nullSafe, count < n, keysSeen == count, probers);
    }

    /** Positions that can match: no NULL in a key that is not null-safe; into {@code out}, returns how many. */
    static int matchableRows(Batch keyBatch, List<Boolean> nullSafe, int n, int[] out) {
        boolean anyNull = false;
        for (int k = 0; k < keyBatch.columnCount(); k++) {
            anyNull |= !nullSafe.get(k) && keyBatch.column(k).mayHaveNulls();
        }
        if (!anyNull) { // the usual case (keys from NOT NULL columns): every row, no per-row test
            for (int r = 0; r < n; r++) {
                out[r] = r;
            }
            return n;
        }
        int count = 0;
        outer:
        for (int r = 0; r < n; r++) {
            for (int k = 0; k < keyBatch.columnCount(); k++) {
                if (!nullSafe.get(k) && keyBatch.column(k).isNull(r)) {
                    continue outer;
                }
            }
            out[count++] = r;
        }
        return count;
    }

    Batch rows() {
        return rows;
    }

    /** The build rows, the key table and the chains (an estimate: array sizes, not object headers). */
    long retainedBytes() {
        return rows.retainedBytes() + (hash == null ? 0 : hash.retainedBytes())
                + (slots == null ? 0 : slots.retainedBytes()) + 4L * (head.length + next.length);
    }

    int rowCount() {
        return rows.positionCount();
    }

    boolean hasKeys() {
        return hash != null || slots != null;
    }

    boolean hasNullKey() {
        return hasNullKey;
    }

    /** Whether every chain is one row: a probe row matches at most one build row (a key of the build side). */
    boolean uniqueKeys() {
        return uniqueKeys;
    }

    /** A prober's working arrays for {@link #heads}: one per probing driver. */
    static BatchScratch probeScratch() {
        return new BatchScratch(NON_NULL_SLOT + 1, IntegerKeySlots.VALUES_SLOT + 1);
    }

    /**
     * First build row of each probe key's chain (-1: no match), a new array; {@code keyBatch} from
     * {@link JoinKeys#evaluate}, {@code scratch} from {@link #probeScratch} (the prober's own).
     */
    int[] heads(Batch keyBatch, BatchScratch scratch) {
        int n = keyBatch.positionCount();
        int[] heads = new int[n];
        Arrays.fill(heads, -1);
        if (!hasKeys()) {
            Arrays.fill(heads, head[0]);
            return heads;
        }
        int[] nonNull = scratch.ints(NON_NULL_SLOT, n);
        int count = matchableRows(keyBatch, nullSafe, n, nonNull);
        if (slots != null) {
            int[] found = slots.find(keyBatch, nonNull, count, scratch);
            for (int i = 0; i < count; i++) {
                if (found[i] >= 0) {
                    heads[nonNull[i]] = head[found[i]];
                }
            }
            return heads;
        }
        int[] groups = hash.find(keyBatch, Flat.identity(keyBatch.columnCount()), nonNull, count);
        for (int i = 0; i < count; i++) {
            if (groups[i] >= 0) {
                heads[nonNull[i]] = head[groups[i]];
            }
        }
        return heads;
    }

    /** Same for a keyless table: every probe row's chain is all build rows. */
    int firstRow() {
        return head[0];
    }

    int next(int row) {
        return next[row];
    }

    /**
     * A prober is done and reports the build rows it matched; true for the last prober, which then returns
     * the rows nobody matched (RIGHT/FULL).
     */
    synchronized boolean proberFinished(BitSet matchedByProber) {
        matched.or(matchedByProber);
        return --probers == 0;
    }

    /** Build rows some prober matched; valid once the last prober has finished. */
    synchronized int[] matchedRows() {
        return matched.stream().toArray();
    }

    /** Build rows no prober matched; valid once the last prober has finished. */
    synchronized int[] unmatchedRows() {
        int[] out = new int[rowCount() - matched.cardinality()];
        int count = 0;
        for (int r = matched.nextClearBit(0); r < rowCount(); r = matched.nextClearBit(r + 1)) {
            out[count++] = r;
        }
        return out;
    }
}
