package io.shoaldb.vector;

/**
 * The unit operators exchange: {@code rowCount} rows in column vectors of equal size, plus an optional
 * selection vector (ascending row positions still alive after a filter, so filters need not copy).
 * Immutable; operators build new batches.
 */
public final class Batch {
    private final ColumnVector[] columns;
    private final int rowCount;
    private final int[] selection;
    private final int selectedCount;

    public Batch(int rowCount, ColumnVector... columns) {
        this(rowCount, columns, null, rowCount);
    }

    private Batch(int rowCount, ColumnVector[] columns, int[] selection, int selectedCount) {
        for (ColumnVector c : columns) {
            if (c.size() != rowCount) {
                throw new IllegalArgumentException("column of " + c.size() + " rows in a batch of " + rowCount);
            }
        }
        this.columns = columns.clone();
        this.rowCount = rowCount;
        this.selection = selection;
        this.selectedCount = selectedCount;
    }

    /** This batch restricted to {@code positions[0 .. count)}, which must be ascending row numbers. */
    public Batch withSelection(int[] positions, int count) {
        if (count > positions.length || count > rowCount) {
            throw new IllegalArgumentException("selection of " + count + " rows in a batch of " + rowCount);
        }
        return new Batch(rowCount, columns, positions, count);
    }

    public int columnCount() {
        return columns.length;
    }

    public ColumnVector column(int index) {
        return columns[index];
    }

    /** Rows in the vectors, selected or not. */
    public int rowCount() {
        return rowCount;
    }

    /** Rows this batch represents: the selected count, or all rows without a selection. */
    public int positionCount() {
        return selectedCount;
    }

    /** The selection vector (first {@link #positionCount()} entries valid), or null when all rows are selected. */
    public int[] selection() {
        return selection;
    }

    /** The row number of the {@code i}-th selected position. */
    public int row(int i) {
        return selection == null ? i : selection[i];
    }

    public Object getObject(int position, int column) {
        return columns[column].getObject(row(position));
    }

    /** A batch of flat vectors and no selection, copying only what is not flat and unselected already. */
    public Batch compact() {
        if (selection == null && allFlat()) {
            return this;
        }
        int[] positions = selection != null ? selection : identity(rowCount);
        ColumnVector[] out = new ColumnVector[columns.length];
        for (int i = 0; i < columns.length; i++) {
            out[i] = columns[i].copyPositions(positions, 0, selectedCount);
        }
        return new Batch(selectedCount, out);
    }

    /** A loop, not a stream: this runs for every batch a commit or a compaction writes. */
    private boolean allFlat() {
        for (ColumnVector c : columns) {
            if (!(c instanceof FlatVector)) {
                return false;
            }
        }
        return true;
    }

    public long retainedBytes() {
        long bytes = 32L + 16L + 8L * columns.length + (selection == null ? 0 : 16L + 4L * selection.length);
        for (ColumnVector c : columns) {
            bytes += c.retainedBytes();
        }
        return bytes;
    }

    static int[] identity(int n) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        return p;
    }
}
