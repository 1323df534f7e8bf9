package io.shoaldb.exec.expr;

import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BytesVector;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.DictionaryVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.LongVector;
import io.shoaldb.vector.Validity;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * {@code x [NOT] IN (constants)}: sorted long[] with binary search for integer-like columns, byte strings for
 * text (compared in place for a short list, a hash set for a long one), value objects otherwise; a dictionary
 * vector is tested per dictionary entry. A NULL in the list turns "not found" into NULL.
 */
final class InListExpression implements VectorExpression, ValueTest {
    private static final int SHORT_LIST = 8;

    private final VectorExpression operand;
    private final boolean negated;
    private final boolean listHasNull;
    private final long[] longs;
    private final Set<ByteBuffer> strings;
    /** The list's strings when there are at most {@link #SHORT_LIST} of them, else null. */
    private final byte[][] shortStrings;
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
        this.shortStrings = ss != null && ss.size() <= SHORT_LIST
                ? ss.stream().map(s -> Arrays.copyOfRange(s.array(), s.arrayOffset() + s.position(),
                        s.arrayOffset() + s.limit())).toArray(byte[][]::new)
                : null;
        this.objects = os;
    }

    @Override
    public DataType type() {
        return DataType.BOOLEAN;
    }

    @Override
    public ColumnVector evaluate(Batch batch) {
        ColumnVector operandValues = operand.evaluate(batch);
        if (operandValues instanceof DictionaryVector d) {
            return dictionary(d, batch.positionCount());
        }
        FlatVector v = Flat.of(operandValues);
        int n = batch.positionCount();
        int[] out = new int[n];
        long[] validity = Nulls.copy(v.validity(), n);
        for (int i = 0; i < n; i++) {
            if (v.isNull(i)) {
                continue;
            }
            boolean found = contains(v, i);
            if (!found && listHasNull) {
                validity = Nulls.setNull(validity, i, n);
            } else {
                out[i] = found != negated ? 1 : 0;
            }
        }
        return new IntVector(DataType.BOOLEAN, n, out, validity);
    }

    /**
     * A dictionary-encoded operand (a string column as its pages decode) is tested once per dictionary entry,
     * then each row takes its entry's answer: TPC-H's {@code l_shipmode IN ('MAIL', 'SHIP')} looked up every
     * row's string in a hash set, after expanding the dictionary into a flat copy of the strings.
     */
    private ColumnVector dictionary(DictionaryVector d, int n) {
        FlatVector dict = d.dictionary();
        // Per entry: 1 = true, 0 = false, -1 = NULL (a NULL entry, or not found in a list holding NULL).
        byte[] answer = new byte[dict.size()];
        for (int e = 0; e < answer.length; e++) {
            if (dict.isNull(e)) {
                answer[e] = -1;
            } else {
                boolean found = contains(dict, e);
                answer[e] = (byte) (!found && listHasNull ? -1 : found != negated ? 1 : 0);
            }
        }
        int[] ids = d.ids();
        long[] rowValidity = d.validity();
        int[] out = new int[n];
        long[] validity = Nulls.copy(rowValidity, n);
        for (int i = 0; i < n; i++) {
            if (!Validity.isValid(rowValidity, i)) {
                continue;
            }
            byte a = answer[ids[i]];
            if (a < 0) {
                validity = Nulls.setNull(validity, i, n);
            } else {
                out[i] = a;
            }
        }
        return new IntVector(DataType.BOOLEAN, n, out, validity);
    }

    /** TRUE when found (IN) or not found in a list without NULL (NOT IN); NULL counts as false. */
    @Override
    public boolean test(FlatVector v, int position) {
        boolean found = contains(v, position);
        return listHasNull ? found && !negated : found != negated;
    }

    private boolean contains(FlatVector v, int i) {
        return switch (v) {
            case IntVector x -> Arrays.binarySearch(longs, x.getInt(i)) >= 0;
            case LongVector x -> Arrays.binarySearch(longs, x.getLong(i)) >= 0;
            case BytesVector x -> containsBytes(x, i);
            default -> objects.contains(v.getObject(i));
        };
    }

    /** A short list is compared in place (no key object per row); a long one goes through the hash set. */
    private boolean containsBytes(BytesVector x, int i) {
        byte[] data = x.data();
        int from = x.offset(i);
        int to = from + x.length(i);
        if (shortStrings != null) {
            for (byte[] s : shortStrings) {
                if (Arrays.equals(data, from, to, s, 0, s.length)) {
                    return true;
                }
            }
            return false;
        }
        return strings.contains(ByteBuffer.wrap(data, from, to - from));
    }
}
