package io.shoaldb.ingest.groupcommit;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.storage.segment.SegmentColumn;
import io.shoaldb.storage.tablet.TabletSchema;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BytesVector;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.DoubleVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.FloatVector;
import io.shoaldb.vector.Int128Vector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.LongVector;
import io.shoaldb.vector.PhysicalType;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;
import java.util.List;

/**
 * Maps rows written under an older schema (the WAL header's column unique ids and types) onto the table's
 * current schema, as a light schema change allows: a dropped column is ignored, an added column gets its
 * default (or NULL), a column whose type changed within the same physical representation (e.g. a longer
 * VARCHAR) is relabelled. Anything else cannot be replayed and fails the replay.
 */
final class SchemaMapper {
    private final int[] sourceIndex;
    private final TabletSchema target;
    private final boolean identity;

    SchemaMapper(List<SegmentColumn> written, TabletSchema target) {
        this.target = target;
        this.sourceIndex = new int[target.columnCount()];
        boolean same = written.size() == target.columnCount();
        for (int c = 0; c < target.columnCount(); c++) {
            SegmentColumn want = target.columns().get(c);
            sourceIndex[c] = -1;
            for (int s = 0; s < written.size(); s++) {
                if (written.get(s).uniqueId() == want.uniqueId()) {
                    sourceIndex[c] = s;
                    DataType had = written.get(s).type();
                    if (PhysicalType.of(had) != PhysicalType.of(want.type())) {
                        throw ErrorCode.INVALID_VALUE.exception("WAL column " + want.uniqueId() + " was written as "
                                + had + " but is now " + want.type() + "; a heavy schema change must drain WALs first");
                    }
                    same &= s == c && had.equals(want.type());
                }
            }
            same &= sourceIndex[c] == c;
        }
        this.identity = same;
    }

    Batch map(Batch rows) {
        if (identity) {
            return rows;
        }
        Batch flat = rows.compact();
        int n = flat.rowCount();
        ColumnVector[] out = new ColumnVector[target.columnCount()];
        for (int c = 0; c < out.length; c++) {
            DataType type = target.columns().get(c).type();
            if (sourceIndex[c] >= 0) {
                out[c] = retype((FlatVector) flat.column(sourceIndex[c]), type);
            } else {
                VectorBuilder b = VectorBuilder.create(type, n);
                Object value = target.defaultValues().get(c);
                for (int i = 0; i < n; i++) {
                    b.appendObject(value);
                }
                out[c] = b.build();
            }
        }
        return new Batch(n, out);
    }

    private static FlatVector retype(FlatVector v, DataType type) {
        if (v.type().equals(type)) {
            return v;
        }
        return switch (v) {
            case IntVector x -> new IntVector(type, x.size(), x.values(), x.validity());
            case LongVector x -> new LongVector(type, x.size(), x.values(), x.validity());
            case FloatVector x -> new FloatVector(type, x.size(), x.values(), x.validity());
            case DoubleVector x -> new DoubleVector(type, x.size(), x.values(), x.validity());
            case Int128Vector x -> new Int128Vector(type, x.size(), x.highs(), x.lows(), x.validity());
            case BytesVector x -> new BytesVector(type, x.size(), x.data(), x.offsets(), x.validity());
        };
    }
}
