package io.shoaldb.storage.segment.encoding;

import io.shoaldb.vector.BytesVector;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.DictionaryVector;
import io.shoaldb.vector.DoubleVector;
import io.shoaldb.vector.FloatVector;
import io.shoaldb.vector.Int128Vector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.LongVector;
import io.shoaldb.vector.PhysicalType;
import io.shoaldb.vector.Validity;
import io.shoaldb.vector.type.DataType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Decodes an uncompressed page body written by {@link PageEncoder} into a vector of {@code rows} rows.
 * Dictionary pages decode to a {@link DictionaryVector} so that operators can work on ids. Any
 * inconsistency (unknown flag, short payload, trailing bytes) is a {@link FormatException}.
 */
public final class PageDecoder {
    private PageDecoder() {
    }

    /** Decodes the body in {@code body[0..length)}; the vector keeps no reference to the array. */
    public static ColumnVector decode(DataType type, Encoding encoding, byte[] body, int length, int rows) {
        ByteSource in = new ByteSource(body, 0, length);
        int flags = in.readByte();
        if ((flags & ~(PageEncoder.HAS_NULLS | PageEncoder.NARROW_128)) != 0) {
            throw new FormatException("unknown page flags " + flags);
        }
        long[] validity = (flags & PageEncoder.HAS_NULLS) != 0 ? readValidity(in, rows) : null;
        int n = rows - Validity.nullCount(validity, rows);
        PhysicalType physical = PhysicalType.of(type);
        if ((flags & PageEncoder.NARROW_128) != 0 && physical != PhysicalType.INT128) {
            throw new FormatException("NARROW_128 flag on a " + physical + " page");
        }
        ColumnVector result = switch (physical) {
            case INT32 -> {
                int[] ints = new int[rows];
                IntegerCodec.decodeInts(encoding, in, n, ints);
                if (validity != null) {
                    for (int i = rows - 1, j = n - 1; i >= 0; i--) {
                        ints[i] = Validity.isValid(validity, i) ? ints[j--] : 0;
                    }
                }
                yield new IntVector(type, rows, ints, validity);
            }
            case INT64 -> {
                long[] vals = new long[rows];
                IntegerCodec.decode(encoding, in, n, 8, vals);
                scatter(vals, validity, n, rows);
                yield new LongVector(type, rows, vals, validity);
            }
            case FLOAT32 -> {
                requirePlain(encoding, physical);
                in.require(4L * n);
                float[] vals = new float[rows];
                for (int i = 0; i < n; i++) {
                    vals[i] = Float.intBitsToFloat(in.readInt());
                }
                for (int i = rows - 1, j = n - 1; i >= 0 && j != i; i--) {
                    vals[i] = Validity.isValid(validity, i) ? vals[j--] : 0f;
                }
                yield new FloatVector(type, rows, vals, validity);
            }
            case FLOAT64 -> {
                requirePlain(encoding, physical);
                in.require(8L * n);
                double[] vals = new double[rows];
                ByteBuffer.wrap(in.array(), in.position(), n * 8).order(ByteOrder.LITTLE_ENDIAN).asDoubleBuffer()
                        .get(vals, 0, n);
                in.skip(n * 8);
                if (validity != null) {
                    for (int i = rows - 1, j = n - 1; i >= 0; i--) {
                        vals[i] = Validity.isValid(validity, i) ? vals[j--] : 0d;
                    }
                }
                yield new DoubleVector(type, rows, vals, validity);
            }
            case INT128 -> decode128(type, encoding, in, flags, validity, n, rows);
            case BYTES -> decodeStrings(type, encoding, in, validity, n, rows);
        };
        ByteSource.expectEnd(in, "page payload");
        return result;
    }

    private static ColumnVector decode128(DataType type, Encoding encoding, ByteSource in, int flags,
                                          long[] validity, int n, int rows) {
        long[] high = new long[rows];
        long[] low = new long[rows];
        if ((flags & PageEncoder.NARROW_128) != 0) {
            IntegerCodec.decode(encoding, in, n, 8, low);
            for (int i = 0; i < n; i++) {
                high[i] = low[i] >> 63;
            }
        } else {
            requirePlain(encoding, PhysicalType.INT128);
            in.require(16L * n);
            for (int i = 0; i < n; i++) {
                high[i] = in.readLong();
                low[i] = in.readLong();
            }
        }
        scatter(high, validity, n, rows);
        scatter(low, validity, n, rows);
        return new Int128Vector(type, rows, high, low, validity);
    }

    private static ColumnVector decodeStrings(DataType type, Encoding encoding, ByteSource in, long[] validity,
                                              int n, int rows) {
        if (encoding == Encoding.DICTIONARY) {
            int[] ids = new int[rows];
            BytesCodec.Strings dict = BytesCodec.decodeDictionary(in, n, ids);
            for (int i = rows - 1, j = n - 1; i >= 0 && j != i; i--) {
                ids[i] = Validity.isValid(validity, i) ? ids[j--] : 0;
            }
            int entries = dict.offsets().length - 1;
            BytesVector dictionary = new BytesVector(type, entries, dict.data(), dict.offsets(), null);
            if (entries == 0 && n > 0) {
                throw new FormatException("empty dictionary for " + n + " values");
            }
            if (entries == 0) {
                // All-null page: give the ids something to point at.
                dictionary = new BytesVector(type, 1, new byte[0], new int[2], null);
            }
            return new DictionaryVector(dictionary, rows, ids, validity);
        }
        requirePlain(encoding, PhysicalType.BYTES);
        BytesCodec.Strings values = BytesCodec.decodePlain(in, n);
        if (validity == null) {
            return new BytesVector(type, rows, values.data(), values.offsets(), null);
        }
        int[] offsets = new int[rows + 1];
        int j = 0;
        for (int i = 0; i < rows; i++) {
            if (Validity.isValid(validity, i)) {
                j++;
            }
            offsets[i + 1] = values.offsets()[j];
        }
        return new BytesVector(type, rows, values.data(), offsets, validity);
    }

    private static void requirePlain(Encoding encoding, PhysicalType physical) {
        if (encoding != Encoding.PLAIN) {
            throw new FormatException(encoding + " is not valid for " + physical + " pages");
        }
    }

    /** Moves the {@code n} dense values to their row slots (back to front, in place); null slots get 0. */
    private static void scatter(long[] vals, long[] validity, int n, int rows) {
        if (validity == null) {
            return;
        }
        for (int i = rows - 1, j = n - 1; i >= 0; i--) {
            vals[i] = Validity.isValid(validity, i) ? vals[j--] : 0;
        }
    }

    private static long[] readValidity(ByteSource in, int rows) {
        int bytes = (rows + 7) >>> 3;
        in.require(bytes);
        long[] words = new long[Validity.wordsFor(rows)];
        for (int i = 0; i < bytes; i++) {
            words[i >>> 3] |= (long) in.readByte() << ((i & 7) * 8);
        }
        if ((rows & 63) != 0 && (words[words.length - 1] & -(1L << rows)) != 0) {
            throw new FormatException("validity bits set past the last row");
        }
        if (Validity.nullCount(words, rows) == 0) {
            throw new FormatException("HAS_NULLS flag on a page without nulls");
        }
        return words;
    }
}
