package io.shoaldb.exec.aggregate;

import io.shoaldb.exec.expr.BatchScratch;
import io.shoaldb.exec.expr.Flat;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.DictionaryVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.LongVector;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;
import java.util.Arrays;
import java.util.List;

/**
 * Assigns a dense group id to every row by its key columns: row hashes are computed column by column
 * (typed loops), then an open-addressing table of group ids is probed; a stored 64-bit hash per group
 * makes the key comparison run almost only on true matches; up to four integer keys use a
 * {@link LongKeyTable} instead, which keeps the key values in the slots; keys that are all dictionary-encoded are
 * looked up once per combination of dictionary entries in a batch. Keys of any type, NULL included.
 * Hash joins use it too: the build side's distinct keys are groups, the probe side {@link #find finds} them (lookups
 * only, so any number of threads may probe a table nobody inserts into any more).
 */
public final class GroupByHash {
    /** Most dictionary-entry combinations {@link #dictionaryIds} numbers per batch. */
    private static final int MAX_DICTIONARY_CODES = 4096;
    /** Int arrays of {@link #insertScratch}. */
    private static final int IDS = 0;
    private static final int CREATED = 1;
    private static final int CODES = 2;
    private static final int REPRESENTATIVE = 3;
    private static final int FIRST_ROWS = 4;
    private static final int ID_OF_PRESENT = 5;
    /** Long arrays of {@link #insertScratch}: the row hashes, then the key values ({@link LongKeyTable}'s go first). */
    private static final int HASHES = LongKeyTable.LONG_SLOTS;
    private static final int KEY_VALUES = HASHES + 1;
    private final List<DataType> keyTypes;
    private final KeyColumn[] keys;
    /** The table when the keys are a few integers; then the generic slots below stay unused. */
    private final LongKeyTable longKeys;
    private int[] table = new int[1024];
    private long[] groupHashes = new long[256];
    private int groups;
    /** Rows {@link #groupIds} looked up in the generic slots. */
    private long probes;
    /**
     * The working arrays of {@link #groupIds}, the ids it returns among them. Only one thread inserts into a table (an
     * aggregation's driver, a join's build), so they are kept from batch to batch; {@link #find}, which several
     * probing threads may call at once, allocates its own.
     */
    private final BatchScratch insertScratch;

    public GroupByHash(List<DataType> keyTypes) {
        this.keyTypes = List.copyOf(keyTypes);
        this.keys = new KeyColumn[keyTypes.size()];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = KeyColumn.create(keyTypes.get(i));
        }
        this.longKeys = integerKeys(keyTypes) ? new LongKeyTable(keyTypes.size()) : null;
        this.insertScratch = new BatchScratch(ID_OF_PRESENT + 1, KEY_VALUES + keys.length);
        Arrays.fill(table, -1);
    }

    private static boolean integerKeys(List<DataType> keyTypes) {
        return !keyTypes.isEmpty() && keyTypes.size() <= LongKeyTable.MAX_KEYS && keyTypes.stream().allMatch(t -> switch (
                io.shoaldb.vector.PhysicalType.of(t)) {
            case INT32, INT64 -> true;
            default -> false;
        });
    }

    public int groupCount() {
        return longKeys != null ? longKeys.groupCount() : groups;
    }

    /**
     * Drops every group but keeps the slot table and the key arrays at the size they reached, emptied: for an
     * aggregation that flushed or spilled its groups and fills the table again with more input.
     */
    void clear() {
        if (longKeys != null) {
            longKeys.clear();
        } else {
            Arrays.fill(table, -1);
        }
        for (KeyColumn k : keys) {
            k.clear();
        }
        groups = 0;
        probes = 0;
    }

    /**
     * Rows whose key was looked up in the table by {@link #groupIds} (rows equal to the row before them take its id
     * without a lookup and are not counted). Set against {@link #groupCount} it says how
     * often a lookup found a group that was there already.
     */
    public long probes() {
        return longKeys != null ? longKeys.probes() : probes;
    }

    /**
     * Group ids for {@code rows[0 .. count)} of the batch, reading key column {@code keyColumns[k]}; new
     * groups are created as needed. The array returned (its first {@code count} elements) is valid until the next
     * call: the table fills it again then.
     */
    public int[] groupIds(Batch batch, int[] keyColumns, int[] rows, int count) {
        if (longKeys != null) {
            return longKeyIds(batch, keyColumns, rows, count, true, insertScratch);
        }
        int[] viaDictionaries = dictionaryIds(batch, keyColumns, rows, count);
        if (viaDictionaries != null) {
            return viaDictionaries;
        }
        FlatVector[] vectors = new FlatVector[keys.length];
        long[] hashes = insertScratch.longs(HASHES, count);
        Arrays.fill(hashes, 0, count, 0L);
        for (int k = 0; k < keys.length; k++) {
            vectors[k] = Flat.of(batch.column(keyColumns[k]));
            keys[k].hash(vectors[k], rows, count, hashes);
        }
        int[] ids = insertScratch.ints(IDS, count);
        for (int i = 0; i < count; i++) {
            // A run of equal keys (sorted input) takes the id of its first row without a lookup.
            if (i > 0 && hashes[i] == hashes[i - 1] && keysEqual(ids[i - 1], vectors, rows[i])) {
                ids[i] = ids[i - 1];
                continue;
            }
            ids[i] = findOrInsert(hashes[i], vectors, rows[i]);
            probes++;
        }
        return ids;
    }

    /**
     * {@link #groupIds} when every key column is dictionary-encoded (low-cardinality strings straight from a scan,
     * such as TPC-H's flags) and the combinations of dictionary entries are fewer than the rows: each row gets a code
     * from its entries' numbers, one row per code present is looked up (its keys flattened), and every row takes the
     * id of its code. Null when the columns do not qualify.
     */
    private int[] dictionaryIds(Batch batch, int[] keyColumns, int[] rows, int count) {
        DictionaryVector[] columns = new DictionaryVector[keys.length];
        long combinations = 1;
        for (int k = 0; k < keys.length; k++) {
            if (!(batch.column(keyColumns[k]) instanceof DictionaryVector d)) {
                return null;
            }
            columns[k] = d;
            combinations *= d.dictionary().size() + 1L; // the extra code is NULL
            if (combinations > Math.min(count, MAX_DICTIONARY_CODES)) {
                return null;
            }
        }
        int[] codes = insertScratch.ints(CODES, count);
        Arrays.fill(codes, 0, count, 0);
        int radix = 1;
        for (DictionaryVector d : columns) {
            int[] entries = d.ids();
            int nullCode = d.dictionary().size();
            boolean mayHaveNulls = d.mayHaveNulls();
            for (int i = 0; i < count; i++) {
                int r = rows[i];
                codes[i] += radix * (mayHaveNulls && d.isNull(r) ? nullCode : entries[r]);
            }
            radix *= nullCode + 1;
        }
        int[] representative = insertScratch.ints(REPRESENTATIVE, radix);
        Arrays.fill(representative, 0, radix, -1);
        int[] firstRows = insertScratch.ints(FIRST_ROWS, Math.min(radix, count));
        int present = 0;
        for (int i = 0; i < count; i++) {
            if (representative[codes[i]] < 0) {
                representative[codes[i]] = present;
                firstRows[present++] = rows[i];
            }
        }
        FlatVector[] vectors = new FlatVector[keys.length];
        long[] hashes = insertScratch.longs(HASHES, present);
        Arrays.fill(hashes, 0, present, 0L);
        int[] all = Flat.positions(present);
        for (int k = 0; k < keys.length; k++) {
            vectors[k] = columns[k].copyPositions(firstRows, 0, present);
            keys[k].hash(vectors[k], all, present, hashes);
        }
        int[] idOfPresent = insertScratch.ints(ID_OF_PRESENT, present);
        for (int j = 0; j < present; j++) {
            idOfPresent[j] = findOrInsert(hashes[j], vectors, j);
        }
        probes += present;
        int[] ids = insertScratch.ints(IDS, count);
        for (int i = 0; i < count; i++) {
            ids[i] = idOfPresent[representative[codes[i]]];
        }
        return ids;
    }

    /** Like {@link #groupIds} but never inserts: -1 for a key that is not in the table. */
    public int[] find(Batch batch, int[] keyColumns, int[] rows, int count) {
        if (longKeys != null) {
            BatchScratch own = new BatchScratch(IDS + 1, KEY_VALUES + keys.length);
            return longKeyIds(batch, keyColumns, rows, count, false, own);
        }
        FlatVector[] vectors = new FlatVector[keys.length];
        long[] hashes = new long[count];
        for (int k = 0; k < keys.length; k++) {
            vectors[k] = Flat.of(batch.column(keyColumns[k]));
            keys[k].hash(vectors[k], rows, count, hashes);
        }
        int[] ids = new int[count];
        int mask = table.length - 1;
        for (int i = 0; i < count; i++) {
            long hash = hashes[i];
            int slot = (int) KeyColumn.mix(hash) & mask;
            int found = -1;
            for (int g = table[slot]; g >= 0; g = table[slot]) {
                if (groupHashes[g] == hash && keysEqual(g, vectors, rows[i])) {
                    found = g;
                    break;
                }
                slot = (slot + 1) & mask;
            }
            ids[i] = found;
        }
        return ids;
    }

    /**
     * {@link #groupIds} / {@link #find} over the {@link LongKeyTable}: the key columns are read into long
     * arrays column by column, the table assigns the ids, and the rows that created groups give the keys
     * written out later. The arrays, the ids returned among them, come from {@code scratch}.
     */
    private int[] longKeyIds(Batch batch, int[] keyColumns, int[] rows, int count, boolean insert,
                             BatchScratch scratch) {
        FlatVector[] vectors = new FlatVector[keys.length];
        for (int k = 0; k < keys.length; k++) {
            vectors[k] = Flat.of(batch.column(keyColumns[k]));
        }
        long[][] values = new long[keys.length][];
        byte[] nulls = null;
        for (int k = 0; k < keys.length; k++) {
            FlatVector v = vectors[k];
            values[k] = widened(v, rows, count, scratch.longs(KEY_VALUES + k, count));
            if (!v.mayHaveNulls()) {
                continue;
            }
            for (int i = 0; i < count; i++) {
                if (v.isNull(rows[i])) {
                    if (nulls == null) {
                        nulls = new byte[count];
                    }
                    nulls[i] |= (byte) (1 << k);
                    values[k][i] = 0;
                }
            }
        }
        int[] ids = scratch.ints(IDS, count);
        int[] created = insert ? scratch.ints(CREATED, count) : null;
        int made = longKeys.ids(values, nulls, count, insert, ids, created, scratch);
        for (int j = 0; j < made; j++) {
            for (int k = 0; k < keys.length; k++) {
                keys[k].append(vectors[k], rows[created[j]]);
            }
        }
        return ids;
    }

    /** The values of an INT32 or INT64 column at the given rows, as longs, into {@code out} (NULL rows: any value). */
    private static long[] widened(FlatVector v, int[] rows, int count, long[] out) {
        if (v instanceof LongVector l) {
            long[] a = l.values();
            for (int i = 0; i < count; i++) {
                out[i] = a[rows[i]];
            }
        } else {
            int[] a = ((IntVector) v).values();
            for (int i = 0; i < count; i++) {
                out[i] = a[rows[i]];
            }
        }
        return out;
    }

    /**
     * Hashes of {@code rows[0 .. count)} of the key columns, the same as the table's: equal keys of equal
     * types hash equally, which is what hash exchanges rely on to send both sides of a join to one consumer.
     */
    public static long[] hashes(List<DataType> keyTypes, FlatVector[] columns, int[] rows, int count) {
        long[] hashes = new long[count];
        for (int k = 0; k < columns.length; k++) {
            KeyColumn.create(keyTypes.get(k)).hash(columns[k], rows, count, hashes);
        }
        for (int i = 0; i < count; i++) {
            hashes[i] = KeyColumn.mix(hashes[i]);
        }
        return hashes;
    }

    private int findOrInsert(long hash, FlatVector[] vectors, int row) {
        int mask = table.length - 1;
        int slot = (int) KeyColumn.mix(hash) & mask;
        while (true) {
            int g = table[slot];
            if (g < 0) {
                return insert(slot, hash, vectors, row);
            }
            if (groupHashes[g] == hash && keysEqual(g, vectors, row)) {
                return g;
            }
            slot = (slot + 1) & mask;
        }
    }

    private boolean keysEqual(int group, FlatVector[] vectors, int row) {
        for (int k = 0; k < keys.length; k++) {
            if (!keys[k].equals(group, vectors[k], row)) {
                return false;
            }
        }
        return true;
    }

    private int insert(int slot, long hash, FlatVector[] vectors, int row) {
        int g = groups++;
        if (g == groupHashes.length) {
            groupHashes = Arrays.copyOf(groupHashes, g * 2);
        }
        groupHashes[g] = hash;
        for (int k = 0; k < keys.length; k++) {
            keys[k].append(vectors[k], row);
        }
        table[slot] = g;
        if (groups * 2 > table.length) {
            rehash();
        }
        return g;
    }

    private void rehash() {
        int[] next = new int[table.length * 2];
        Arrays.fill(next, -1);
        int mask = next.length - 1;
        for (int g = 0; g < groups; g++) {
            int slot = (int) KeyColumn.mix(groupHashes[g]) & mask;
            while (next[slot] >= 0) {
                slot = (slot + 1) & mask;
            }
            next[slot] = g;
        }
        table = next;
    }

    /** Appends the keys of groups {@code [from, from+count)} to one builder per key column. */
    void writeKeys(int from, int count, VectorBuilder[] out) {
        for (int k = 0; k < keys.length; k++) {
            keys[k].write(from, count, out[k]);
        }
    }

    List<DataType> keyTypes() {
        return keyTypes;
    }

    /** Bytes of the copied string keys (fixed-width key values are not counted here nor in {@link #retainedBytes}). */
    public long keyDataBytes() {
        long bytes = 0;
        for (KeyColumn k : keys) {
            bytes += k.dataBytes();
        }
        return bytes;
    }

    /** The slot table, stored hashes and the integer-key table; the copied key values are not counted. */
    public long retainedBytes() {
        return 4L * table.length + 8L * groupHashes.length + (longKeys == null ? 0 : longKeys.retainedBytes());
    }
}
