package io.shoaldb.exec.expr;

import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BytesVector;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.LongVector;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * {@code x [NOT] IN (constants)}: sorted long[] with binary search for integer-like columns, a hash set of
 * byte strings for text, value objects otherwise. A NULL in the list turns "not found" into NULL.
 */
final class InListExpression implements VectorExpression {
    private final VectorExpression operand;
    private final boolean negated;
    private final boolean listHasNull;
    private final long[] longs;
    private final Set<ByteBuffer> strings;
    private final Set<Object> objects;

    InListExpression(VectorExpression operand, List<Object> values, boolean negated) {
        this.operand = operand;
        this.negated = negated;
        this.listHasNull = values.contains(null);
        List<Object> present = values.stream().filter(Objects::nonNull).toList();
        VectorBuilder b = VectorBuilder.create(operand.type(), present.size());
        present.forEach(b::appendObject);
        FlatVector v = b.build();
        long[] ls = null;
        Set<ByteBuffer> ss = null;
        Set<Object> os = null;
        switch (v) {
            case IntVector x -> {
                ls = new long[x.size()];
                for (int i = 0; i < ls.length; i++) {
                    ls[i] = x.getInt(i);
                }
            }
            case LongVector x -> ls = Arrays.copyOf(x.values(), x.size());
            case BytesVector x -> {
                ss = new HashSet<>();
                for (int i = 0; i < x.size(); i++) {
                    ss.add(ByteBuffer.wrap(x.getBytes(i)));
                }
            }
            default -> {
                os = new HashSet<>();
                for (int i = 0; i < v.size(); i++) {
                    os.add(v.getObject(i));
                }
            }
        }
        if (ls != null) {
            Arrays.sort(ls);
        }
        this.longs = ls;
        this.strings = ss;
        this.objects = os;
    }

    @Override
    public DataType type() {
        return DataType.BOOLEAN;
    }

    @Override
    public ColumnVector evaluate(Batch batch) {
        FlatVector v = Flat.of(operand.evaluate(batch));
        int n = batch.positionCount();
        int[] out = new int[n];
        long[] validity = Nulls.copy(v.validity(), n);
        for (int i = 0; i < n; i++) {
            if (v.isNull(i)) {
                continue;
            }
            boolean found = switch (v) {
                case IntVector x -> Arrays.binarySearch(longs, x.getInt(i)) >= 0;
                case LongVector x -> Arrays.binarySearch(longs, x.getLong(i)) >= 0;
                case BytesVector x -> strings.contains(ByteBuffer.wrap(x.data(), x.offset(i), x.length(i)));
                default -> objects.contains(v.getObject(i));
            };
            if (!found && listHasNull) {
                validity = Nulls.setNull(validity, i, n);
            } else {
                out[i] = found != negated ? 1 : 0;
            }
        }
        return new IntVector(DataType.BOOLEAN, n, out, validity);
    }
}
