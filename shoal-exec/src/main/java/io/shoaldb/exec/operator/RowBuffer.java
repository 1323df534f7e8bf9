package io.shoaldb.exec.operator;

import io.shoaldb.exec.expr.Flat;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.type.DataType;
import java.util.List;

/**
 * Rows collected from batches into one set of flat columns (bulk typed copies), for operators that must
 * see all their input before producing output (sort, window); an external sort takes it whole to write a run.
 * The columns are allocated when the first rows arrive, and again only when rows arrive after {@link #take()}: an
 * operator that takes its buffer once at the end (a top-N) does not allocate a second set it never fills.
 */
public final class RowBuffer {
    private final List<DataType> types;
    private final int initialRows;
    /** Null until rows arrive (again, after a take). */
    private BatchBuilder builder;

    public RowBuffer(List<DataType> types) {
        this(types, 4096);
    }

    /**
     * @param initialRows rows the columns have room for before they grow: small where the buffer's size decides
     *        when to spill, so that an empty buffer does not already count as a large one
     */
    public RowBuffer(List<DataType> types, int initialRows) {
        this.types = types;
        this.initialRows = initialRows;
    }

    private BatchBuilder builder() {
        if (builder == null) {
            builder = new BatchBuilder(types, initialRows);
        }
        return builder;
    }

    public void add(Batch b) {
        Batch c = b.compact();
        for (int i = 0; i < types.size(); i++) {
            FlatVector v = Flat.of(c.column(i));
            builder().column(i).appendRange(v, 0, c.positionCount());
        }
    }

    /** Appends {@code count} positions of {@code b} from position {@code from}. */
    public void addRange(Batch b, int from, int count) {
        Batch c = b.compact();
        for (int i = 0; i < types.size(); i++) {
            builder().column(i).appendRange(Flat.of(c.column(i)), from, count);
        }
    }

    public int rowCount() {
        return builder == null ? 0 : builder.rowCount();
    }

    public long retainedBytes() {
        return builder == null ? 0 : builder.retainedBytes();
    }

    /** Everything added so far as one batch; the buffer is empty afterwards. */
    public Batch take() {
        Batch b = builder().build();
        builder = null;
        return b;
    }
}
