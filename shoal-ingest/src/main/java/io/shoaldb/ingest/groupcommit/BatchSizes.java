package io.shoaldb.ingest.groupcommit;

import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BytesVector;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.ConstantVector;
import io.shoaldb.vector.DictionaryVector;
import io.shoaldb.vector.Validity;

/**
 * The size of a load's rows as group commit counts it (data-bytes trigger, memory budget, WAL-space rule):
 * the bytes of the selected values as the WAL would hold them, not the Java heap the vectors retain (a
 * dictionary or a shared buffer would otherwise count many times or not at all).
 */
final class BatchSizes {
    private BatchSizes() {
    }

    static long estimatedBytes(Batch batch) {
        int n = batch.positionCount();
        long bytes = 16;
        for (int c = 0; c < batch.columnCount(); c++) {
            ColumnVector v = batch.column(c);
            bytes += 6 + (v.mayHaveNulls() ? 8L * Validity.wordsFor(n) : 0);
            int width = v.physicalType().fixedWidth();
            if (width > 0) {
                bytes += (long) width * n;
            } else {
                bytes += 4L * n + variableBytes(batch, v, n);
            }
        }
        return bytes;
    }

    private static long variableBytes(Batch batch, ColumnVector v, int n) {
        long total = 0;
        switch (v) {
            case BytesVector b -> {
                if (batch.selection() == null) {
                    return b.offset(n) - b.offset(0);
                }
                for (int i = 0; i < n; i++) {
                    total += b.length(batch.row(i));
                }
            }
            case DictionaryVector d when d.dictionary() instanceof BytesVector dict -> {
                for (int i = 0; i < n; i++) {
                    total += dict.length(d.id(batch.row(i)));
                }
            }
            case ConstantVector k when k.value() instanceof BytesVector one -> total = (long) one.length(0) * n;
            default -> total = 16L * n;
        }
        return total;
    }
}
