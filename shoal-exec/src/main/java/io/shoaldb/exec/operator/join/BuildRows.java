package io.shoaldb.exec.operator.join;

import io.shoaldb.exec.expr.Flat;
import io.shoaldb.exec.operator.NullVectors;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;
import java.util.BitSet;
import java.util.List;

/**
 * A join's build rows as its table holds them: the columns the join reads (its keys, its residual's, the build columns
 * read above it) copied, every other one a NULL constant as long as the rows, since nobody reads it. TPC-H Q9's 319K
 * lineitem rows that build the join with orders so hold 6 of their 15 columns instead of copying part and supplier keys
 * and NULL placeholders for the rest.
 */
final class BuildRows {
    private final List<DataType> types;
    /** Per column, its copy; null where the column is not read. */
    private final VectorBuilder[] copies;
    private int rows;

    /** @param read the build columns the join reads, or null for all of them */
    BuildRows(List<DataType> types, BitSet read, int expectedRows) {
        this.types = types;
        this.copies = new VectorBuilder[types.size()];
        for (int c = 0; c < copies.length; c++) {
            if (read == null || read.get(c)) {
                copies[c] = VectorBuilder.create(types.get(c), expectedRows);
            }
        }
    }

    void add(Batch batch) {
        Batch compact = batch.compact();
        int n = compact.positionCount();
        for (int c = 0; c < copies.length; c++) {
            if (copies[c] != null) {
                copies[c].appendRange(Flat.of(compact.column(c)), 0, n);
            }
        }
        rows += n;
    }

    long retainedBytes() {
        long bytes = 0;
        for (VectorBuilder b : copies) {
            bytes += b == null ? 0 : b.retainedBytes();
        }
        return bytes;
    }

    /** Every row added, as one batch. */
    Batch build() {
        ColumnVector[] columns = new ColumnVector[copies.length];
        for (int c = 0; c < copies.length; c++) {
            columns[c] = copies[c] == null ? NullVectors.of(types.get(c), rows) : copies[c].build();
        }
        return new Batch(rows, columns);
    }
}
