package io.shoaldb.vector;

import io.shoaldb.vector.type.DataType;

/**
 * Rows as int ids into a flat dictionary vector, as dictionary-encoded string pages decode. Nulls are
 * carried by this vector's own validity bitmap (null = none); null rows hold id 0.
 */
public final class DictionaryVector extends ColumnVector {
    private final FlatVector dictionary;
    private final int[] ids;
    private final long[] validity;

    public DictionaryVector(FlatVector dictionary, int size, int[] ids, long[] validity) {
        super(dictionary.type(), size);
        if (ids.length < size) {
            throw new IllegalArgumentException("ids shorter than " + size);
        }
        this.dictionary = dictionary;
        this.ids = ids;
        this.validity = validity;
    }

    public FlatVector dictionary() {
        return dictionary;
    }

    public int id(int position) {
        return ids[position];
    }

    public int[] ids() {
        return ids;
    }

    public long[] validity() {
        return validity;
    }

    @Override
    public VectorEncoding encoding() {
        return VectorEncoding.DICTIONARY;
    }

    @Override
    public boolean isNull(int position) {
        return !Validity.isValid(validity, position) || dictionary.isNull(ids[position]);
    }

    @Override
    public boolean mayHaveNulls() {
        return validity != null || dictionary.mayHaveNulls();
    }

    @Override
    public long retainedBytes() {
        return 32L + dictionary.retainedBytes() + 16L + 4L * ids.length + Validity.retainedBytes(validity);
    }

    @Override
    public Object getObject(int position) {
        return isNull(position) ? null : dictionary.getObject(ids[position]);
    }

    @Override
    public FlatVector copyPositions(int[] positions, int offset, int length) {
        int[] mapped = new int[length];
        for (int i = 0; i < length; i++) {
            mapped[i] = ids[positions[offset + i]];
        }
        FlatVector flat = dictionary.copyPositions(mapped, 0, length);
        if (validity == null) {
            return flat;
        }
        return Vectors.withNulls(flat, position -> !Validity.isValid(validity, positions[offset + position]));
    }

    /**
     * The rows at {@code positions[offset .. offset+length)}, still encoded over the same dictionary: only the ids
     * (and validity) are copied, and consumers that work per dictionary entry still can.
     */
    public DictionaryVector selectPositions(int[] positions, int offset, int length) {
        int[] mapped = new int[length];
        for (int i = 0; i < length; i++) {
            mapped[i] = ids[positions[offset + i]];
        }
        long[] selected = null;
        if (validity != null) {
            selected = Validity.allValid(length, length);
            for (int i = 0; i < length; i++) {
                if (!Validity.isValid(validity, positions[offset + i])) {
                    Validity.setNull(selected, i);
                }
            }
        }
        return new DictionaryVector(dictionary, length, mapped, selected);
    }

    /** A dictionary vector over a new dictionary of the same type; for decoders. */
    public static DictionaryVector of(DataType type, FlatVector dictionary, int size, int[] ids, long[] validity) {
        if (!dictionary.type().equals(type)) {
            throw new IllegalArgumentException("dictionary type " + dictionary.type() + " is not " + type);
        }
        return new DictionaryVector(dictionary, size, ids, validity);
    }
}
