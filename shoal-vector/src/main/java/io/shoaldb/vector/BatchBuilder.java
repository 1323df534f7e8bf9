package io.shoaldb.vector;

import io.shoaldb.vector.type.DataType;
import java.util.List;

/** One {@link VectorBuilder} per column of a schema; loaders append column-wise, tests row-wise. */
public final class BatchBuilder {
    private final List<DataType> schema;
    private final VectorBuilder[] columns;

    public BatchBuilder(List<DataType> schema) {
        this(schema, 1024);
    }

    public BatchBuilder(List<DataType> schema, int expectedRows) {
        this.schema = List.copyOf(schema);
        this.columns = new VectorBuilder[schema.size()];
        for (int i = 0; i < columns.length; i++) {
            columns[i] = VectorBuilder.create(schema.get(i), expectedRows);
        }
    }

    public List<DataType> schema() {
        return schema;
    }

    /** The builder of one column; cast to the concrete builder for typed appends. */
    public VectorBuilder column(int index) {
        return columns[index];
    }

    /** Appends one row of Java objects (see {@link io.shoaldb.vector.type.TypeId}); slow, for tests and literals. */
    public BatchBuilder appendRow(Object... values) {
        if (values.length != columns.length) {
            throw new IllegalArgumentException("row of " + values.length + " values for " + columns.length + " columns");
        }
        for (int i = 0; i < values.length; i++) {
            columns[i].appendObject(values[i]);
        }
        return this;
    }

    /** Rows appended so far; every column must have the same count when {@link #build()} is called. */
    public int rowCount() {
        return columns.length == 0 ? 0 : columns[0].size();
    }

    /** Drops every column's rows from {@code rows} on (see {@link VectorBuilder#truncate}). */
    public void truncate(int rows) {
        for (VectorBuilder b : columns) {
            b.truncate(rows);
        }
    }

    public long retainedBytes() {
        long bytes = 0;
        for (VectorBuilder b : columns) {
            bytes += b.retainedBytes();
        }
        return bytes;
    }

    /** The batch of all appended rows; the builder is empty afterwards and can be reused. */
    public Batch build() {
        int rows = rowCount();
        ColumnVector[] vectors = new ColumnVector[columns.length];
        for (int i = 0; i < columns.length; i++) {
            if (columns[i].size() != rows) {
                throw new IllegalStateException("column " + i + " has " + columns[i].size() + " rows, expected " + rows);
            }
            vectors[i] = columns[i].build();
        }
        return new Batch(rows, vectors);
    }
}
