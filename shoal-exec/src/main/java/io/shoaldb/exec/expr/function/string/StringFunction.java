package io.shoaldb.exec.expr.function.string;

import io.shoaldb.exec.expr.VectorExpression;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BytesVectorBuilder;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.Validity;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;
import io.shoaldb.vector.type.TypeId;
import java.util.List;

/**
 * The vector loop shared by the string functions: arguments evaluated once per batch (constants stay
 * single values), then one row at a time through {@link Row}; a NULL argument gives NULL unless the
 * function says it handles NULLs itself. Text results are appended to one byte buffer, INT/BOOLEAN results
 * to an int[].
 */
final class StringFunction implements VectorExpression {
    /** One row of a function: appends its value to {@code out} and returns true, or returns false for NULL. */
    interface Row {
        boolean apply(TextArg[] args, int i, Output out);
    }

    /** Where a row's value goes. */
    static final class Output {
        final BytesVectorBuilder text;
        final int[] ints;
        int value;

        Output(BytesVectorBuilder text, int[] ints) {
            this.text = text;
            this.ints = ints;
        }

        boolean integer(int v) {
            value = v;
            return true;
        }

        boolean bytes(byte[] data, int offset, int length) {
            text.appendBytes(data, offset, length);
            return true;
        }

        private byte[] scratch = new byte[64];
        private int used;

        /** Starts a value built from pieces ({@link #put}, then {@link #emit}). */
        void start() {
            used = 0;
        }

        void put(byte[] data, int offset, int length) {
            if (used + length > scratch.length) {
                scratch = java.util.Arrays.copyOf(scratch, Math.max(scratch.length * 2, used + length));
            }
            System.arraycopy(data, offset, scratch, used, length);
            used += length;
        }

        void put(byte b) {
            if (used == scratch.length) {
                scratch = java.util.Arrays.copyOf(scratch, scratch.length * 2);
            }
            scratch[used++] = b;
        }

        boolean emit() {
            return bytes(scratch, 0, used);
        }
    }

    private final List<VectorExpression> arguments;
    private final DataType type;
    private final boolean nullsInside;
    private final Row row;

    StringFunction(List<VectorExpression> arguments, DataType type, boolean nullsInside, Row row) {
        this.arguments = arguments;
        this.type = type;
        this.nullsInside = nullsInside;
        this.row = row;
    }

    @Override
    public DataType type() {
        return type;
    }

    @Override
    public ColumnVector evaluate(Batch batch) {
        int n = batch.positionCount();
        TextArg[] args = new TextArg[arguments.size()];
        for (int a = 0; a < args.length; a++) {
            args[a] = TextArg.of(arguments.get(a).evaluate(batch));
        }
        boolean text = type.id().isString() || type.id() == TypeId.JSON;
        Output out = new Output(text ? (BytesVectorBuilder) VectorBuilder.create(type, n) : null, text ? null : new int[n]);
        long[] validity = null;
        for (int i = 0; i < n; i++) {
            boolean ok = nullsInside || noNulls(args, i);
            ok = ok && row.apply(args, i, out);
            if (text) {
                if (!ok) {
                    out.text.appendNull();
                }
            } else if (ok) {
                out.ints[i] = out.value;
            } else {
                if (validity == null) {
                    validity = Validity.allValid(n, n);
                }
                Validity.setNull(validity, i);
            }
        }
        return text ? out.text.build() : new IntVector(type, n, out.ints, validity);
    }

    private static boolean noNulls(TextArg[] args, int i) {
        for (TextArg a : args) {
            if (a.isNull(i)) {
                return false;
            }
        }
        return true;
    }
}
