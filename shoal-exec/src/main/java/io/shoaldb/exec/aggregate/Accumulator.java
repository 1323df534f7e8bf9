package io.shoaldb.exec.aggregate;

import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;

/**
 * One running aggregate per group over one input column. {@link #add} takes a whole batch: the rows
 * {@code rows[0 .. count)} and, aligned with them, their group ids ({@code null} = a global aggregate, all
 * rows in group 0, which gets loops without any per-row group lookup). Subclasses are typed per input
 * representation, chosen once when the operator is built.
 */
abstract class Accumulator {
    /** The type {@link #write} produces: an intermediate state or a final result. */
    abstract DataType outputType();

    abstract void ensureGroups(int groups);

    abstract void add(FlatVector input, int[] rows, int count, int[] groupIds);

    /**
     * {@link #add} of a batch whose rows are also given in group order ({@code byGroup}, same rows): accumulators
     * whose result does not depend on the order of the rows override it with per-group loops; the rest add in row
     * order.
     */
    void add(FlatVector input, int[] rows, int count, int[] groupIds, GroupedRows byGroup) {
        add(input, rows, count, groupIds);
    }

    /** Appends group {@code g}'s value (NULL when it saw no non-NULL input, except for counts). */
    abstract void write(int group, VectorBuilder out);

    /** Group {@code g}'s value as a Java object (see TypeId), or null; for finishing AVG. */
    abstract Object value(int group);

    /** Bytes held beyond the fixed per-group state (the strings MIN/MAX keep); 0 for fixed-width states. */
    long dataBytes() {
        return 0;
    }

    static int grow(int current, int needed) {
        int n = Math.max(16, current);
        while (n < needed) {
            n *= 2;
        }
        return n;
    }
}
