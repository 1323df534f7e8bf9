package io.shoaldb.storage.segment.encoding;

import io.shoaldb.vector.BytesVector;
import io.shoaldb.vector.DoubleVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.FloatVector;
import io.shoaldb.vector.Int128Vector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.LongVector;

/**
 * Encodes one page of one column (a flat vector) into an uncompressed page body:
 * <pre>
 * u8 flags            bit 0 HAS_NULLS, bit 1 NARROW_128 (128-bit values stored as their low words)
 * [validity]          if HAS_NULLS: ceil(rows / 8) bytes, bit i (LSB first) set = row i not null
 * payload             the non-null values only, in the page's encoding
 * </pre>
 * The encoding is chosen per page ({@link #choose}) unless the caller forces one the type supports.
 */
public final class PageEncoder {
    public static final int HAS_NULLS = 1;
    public static final int NARROW_128 = 2;

    private PageEncoder() {
    }

    /** An encoded page body: {@code body[0..length)}. */
    public record EncodedPage(Encoding encoding, byte[] body, int length) {
    }

    /**
     * Encodes {@code page} into {@code out} (emptied first; the page's body is then {@code out}'s array, valid until
     * its next use); {@code forced} may be null (choose) or an encoding to use when the type supports it.
     */
    public static EncodedPage encode(FlatVector page, Encoding forced, ByteSink out) {
        int rows = page.size();
        int[] nonNull = nonNullPositions(page);
        int n = nonNull == null ? rows : nonNull.length;
        out.reset();
        out.writeByte(0); // flags, patched below
        int flags = 0;
        if (nonNull != null) {
            flags |= HAS_NULLS;
            writeValidity(page, out);
        }
        Encoding encoding;
        switch (page) {
            case IntVector v -> {
                long[] vals = new long[n];
                for (int i = 0; i < n; i++) {
                    vals[i] = v.getInt(nonNull == null ? i : nonNull[i]);
                }
                encoding = integerEncoding(vals, n, 4, forced);
                IntegerCodec.encode(encoding, vals, n, 4, out);
            }
            case LongVector v -> {
                long[] vals = new long[n];
                for (int i = 0; i < n; i++) {
                    vals[i] = v.getLong(nonNull == null ? i : nonNull[i]);
                }
                encoding = integerEncoding(vals, n, 8, forced);
                IntegerCodec.encode(encoding, vals, n, 8, out);
            }
            case FloatVector v -> {
                encoding = Encoding.PLAIN;
                for (int i = 0; i < n; i++) {
                    out.writeInt(Float.floatToRawIntBits(v.getFloat(nonNull == null ? i : nonNull[i])));
                }
            }
            case DoubleVector v -> {
                encoding = Encoding.PLAIN;
                for (int i = 0; i < n; i++) {
                    out.writeLong(Double.doubleToRawLongBits(v.getDouble(nonNull == null ? i : nonNull[i])));
                }
            }
            case Int128Vector v -> {
                long[] lows = new long[n];
                boolean narrow = forced != Encoding.PLAIN;
                for (int i = 0; i < n; i++) {
                    int p = nonNull == null ? i : nonNull[i];
                    lows[i] = v.getLow(p);
                    narrow &= v.getHigh(p) == v.getLow(p) >> 63;
                }
                if (narrow) {
                    // Most DECIMAL(38) and LARGEINT values fit 64 bits; integer encodings then apply.
                    flags |= NARROW_128;
                    encoding = integerEncoding(lows, n, 8, forced);
                    IntegerCodec.encode(encoding, lows, n, 8, out);
                } else {
                    encoding = Encoding.PLAIN;
                    for (int i = 0; i < n; i++) {
                        int p = nonNull == null ? i : nonNull[i];
                        out.writeLong(v.getHigh(p));
                        out.writeLong(v.getLow(p));
                    }
                }
            }
            case BytesVector v -> encoding = encodeStrings(v, nonNull, n, forced, out);
        }
        out.array()[0] = (byte) flags;
        return new EncodedPage(encoding, out.array(), out.size());
    }

    private static Encoding integerEncoding(long[] vals, int n, int width, Encoding forced) {
        if (forced != null && forced != Encoding.DICTIONARY) {
            return forced;
        }
        return IntegerCodec.estimate(vals, n, width).smallest();
    }

    private static Encoding encodeStrings(BytesVector v, int[] nonNull, int n, Encoding forced, ByteSink out) {
        BytesVector values = nonNull == null ? v : v.copyPositions(nonNull, 0, n);
        byte[] data = values.data();
        int[] offsets = values.offsets();
        // An integer encoding forced on every column (spill runs) leaves strings to the usual choice.
        boolean choose = forced == null || forced == Encoding.RUN_LENGTH || forced == Encoding.BIT_PACKED
                || forced == Encoding.DELTA;
        boolean tryDictionary = forced == Encoding.DICTIONARY || (choose && n >= 4);
        if (tryDictionary) {
            int limit = forced == Encoding.DICTIONARY ? Integer.MAX_VALUE : Math.min(BytesCodec.MAX_DICTIONARY_ENTRIES, n / 2);
            BytesCodec.Dictionary dict = BytesCodec.dictionary(data, offsets, n, limit);
            if (dict != null && (forced == Encoding.DICTIONARY || paysOff(dict, offsets[n] - offsets[0], n))) {
                BytesCodec.encodeDictionary(dict, out);
                return Encoding.DICTIONARY;
            }
        }
        BytesCodec.encodePlain(data, offsets, n, out);
        return Encoding.PLAIN;
    }

    /** Whether dictionary bytes (entries + packed ids) are clearly below the plain bytes. */
    private static boolean paysOff(BytesCodec.Dictionary dict, long plainBytes, int n) {
        long idBytes = BitPacking.packedBytes(n, BitPacking.width(Math.max(0, dict.entries() - 1)));
        long dictBytes = dict.data().length + 2L * dict.entries() + idBytes;
        return dictBytes * 4 < plainBytes * 3;
    }

    private static int[] nonNullPositions(FlatVector page) {
        if (!page.mayHaveNulls()) {
            return null;
        }
        int nulls = page.nullCount();
        if (nulls == 0) {
            return null;
        }
        int[] positions = new int[page.size() - nulls];
        int at = 0;
        for (int i = 0; i < page.size(); i++) {
            if (!page.isNull(i)) {
                positions[at++] = i;
            }
        }
        return positions;
    }

    private static void writeValidity(FlatVector page, ByteSink out) {
        int rows = page.size();
        for (int byteStart = 0; byteStart < rows; byteStart += 8) {
            int b = 0;
            for (int bit = 0; bit < 8 && byteStart + bit < rows; bit++) {
                if (!page.isNull(byteStart + bit)) {
                    b |= 1 << bit;
                }
            }
            out.writeByte(b);
        }
    }
}
