package io.shoaldb.exec.expr.function.string;

import io.shoaldb.exec.expr.Flat;
import io.shoaldb.vector.BytesVector;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.ConstantVector;
import io.shoaldb.vector.LongVector;

/**
 * One evaluated argument of a string function, read per row without expanding constants: a text argument
 * gives its UTF-8 bytes ({@link #data}, {@link #offset}, {@link #length}), an integer argument its value.
 */
final class TextArg {
    private final BytesVector bytes;
    private final LongVector longs;
    private final boolean constant;

    private TextArg(ColumnVector v) {
        ColumnVector flat = v instanceof ConstantVector c ? c.value() : Flat.of(v);
        this.constant = v instanceof ConstantVector;
        this.bytes = flat instanceof BytesVector b ? b : null;
        this.longs = flat instanceof LongVector l ? l : null;
    }

    static TextArg of(ColumnVector v) {
        return new TextArg(v);
    }

    private int row(int i) {
        return constant ? 0 : i;
    }

    boolean isNull(int i) {
        return bytes != null ? bytes.isNull(row(i)) : longs.isNull(row(i));
    }

    byte[] data() {
        return bytes.data();
    }

    int offset(int i) {
        return bytes.offset(row(i));
    }

    int length(int i) {
        return bytes.length(row(i));
    }

    long longValue(int i) {
        return longs.getLong(row(i));
    }
}
