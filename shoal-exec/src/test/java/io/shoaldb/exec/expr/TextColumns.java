package io.shoaldb.exec.expr;

import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.DictionaryVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;

/**
 * The same text column in its two encodings, so a test can check that an expression answers alike on both: row
 * {@code i} holds {@code dictionary[ids[i]]}, or NULL where {@code ids[i]} is negative.
 */
final class TextColumns {
    private TextColumns() {}

    static ColumnVector dictionaryEncoded(DataType type, String[] dictionary, int[] ids) {
        VectorBuilder d = VectorBuilder.create(type, dictionary.length);
        for (String s : dictionary) {
            d.appendObject(s);
        }
        FlatVector entries = d.build();
        int[] codes = new int[ids.length];
        long[] validity = new long[(ids.length + 63) / 64];
        for (int i = 0; i < ids.length; i++) {
            codes[i] = Math.max(ids[i], 0);
            if (ids[i] >= 0) {
                validity[i >>> 6] |= 1L << i;
            }
        }
        return new DictionaryVector(entries, ids.length, codes, validity);
    }

    static ColumnVector flat(DataType type, String[] dictionary, int[] ids) {
        VectorBuilder b = VectorBuilder.create(type, ids.length);
        for (int id : ids) {
            b.appendObject(id < 0 ? null : dictionary[id]);
        }
        return b.build();
    }
}
