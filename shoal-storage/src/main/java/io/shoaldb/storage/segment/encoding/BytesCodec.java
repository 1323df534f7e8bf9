package io.shoaldb.storage.segment.encoding;

import java.util.HashMap;
import java.util.Map;

/**
 * String payloads. PLAIN: u8 length encoding, the lengths as an integer payload, then the bytes back to
 * back. DICTIONARY: varint entry count, the entries as a PLAIN string payload, u8 id encoding, then the
 * ids as an integer payload.
 */
public final class BytesCodec {
    /** Above this many distinct values per page a dictionary rarely pays and costs hashing time. */
    public static final int MAX_DICTIONARY_ENTRIES = 4096;

    private BytesCodec() {
    }

    /** The page's values as a dictionary and per-value ids, or null when there are too many distinct values. */
    public record Dictionary(byte[] data, int[] offsets, int entries, long[] ids) {
    }

    /** Builds a dictionary of values {@code [0, n)} in first-seen order, or null past {@code maxEntries}. */
    public static Dictionary dictionary(byte[] data, int[] offsets, int n, int maxEntries) {
        Map<Slice, Integer> index = new HashMap<>();
        ByteSink entries = new ByteSink(256);
        int[] entryOffsets = new int[Math.min(n, maxEntries) + 1];
        long[] ids = new long[n];
        for (int i = 0; i < n; i++) {
            Slice s = new Slice(data, offsets[i], offsets[i + 1] - offsets[i]);
            Integer id = index.get(s);
            if (id == null) {
                if (index.size() == maxEntries) {
                    return null;
                }
                id = index.size();
                index.put(s, id);
                entries.writeBytes(data, s.offset, s.length);
                entryOffsets[id + 1] = entries.size();
            }
            ids[i] = id;
        }
        int count = index.size();
        return new Dictionary(entries.toByteArray(), java.util.Arrays.copyOf(entryOffsets, count + 1), count, ids);
    }

    public static void encodePlain(byte[] data, int[] offsets, int n, ByteSink out) {
        long[] lengths = new long[n];
        for (int i = 0; i < n; i++) {
            lengths[i] = offsets[i + 1] - offsets[i];
        }
        writeIntegers(lengths, n, out);
        out.writeBytes(data, offsets[0], offsets[n] - offsets[0]);
    }

    public static void encodeDictionary(Dictionary dict, ByteSink out) {
        out.writeVarInt(dict.entries());
        encodePlain(dict.data(), dict.offsets(), dict.entries(), out);
        writeIntegers(dict.ids(), dict.ids().length, out);
    }

    /** Values decoded by {@link #decodePlain}: {@code n + 1} offsets into {@code data}. */
    public record Strings(byte[] data, int[] offsets) {
    }

    public static Strings decodePlain(ByteSource in, int n) {
        long[] lengths = readIntegers(in, n);
        int[] offsets = new int[n + 1];
        long total = 0;
        for (int i = 0; i < n; i++) {
            if (lengths[i] < 0) {
                throw new FormatException("negative string length");
            }
            total += lengths[i];
            if (total > in.remaining()) {
                throw new FormatException("string lengths exceed the page");
            }
            offsets[i + 1] = (int) total;
        }
        return new Strings(in.readBytes((int) total), offsets);
    }

    /** Reads a dictionary payload; returns the entries and fills {@code ids[0..n)}. */
    public static Strings decodeDictionary(ByteSource in, int n, int[] ids) {
        int entries = in.readCount(in.remaining());
        Strings dict = decodePlain(in, entries);
        // Straight into the int ids (bit-packed ids unpack without a long[] per page), then range-checked.
        IntegerCodec.decodeInts(Encoding.ofId(in.readByte()), in, n, ids);
        for (int i = 0; i < n; i++) {
            if (ids[i] < 0 || ids[i] >= entries) {
                throw new FormatException("dictionary id " + ids[i] + " out of " + entries + " entries");
            }
        }
        return dict;
    }

    private static void writeIntegers(long[] values, int n, ByteSink out) {
        Encoding e = IntegerCodec.estimate(values, n, 4).smallest();
        out.writeByte(e.id());
        IntegerCodec.encode(e, values, n, 4, out);
    }

    private static long[] readIntegers(ByteSource in, int n) {
        Encoding e = Encoding.ofId(in.readByte());
        long[] values = new long[n];
        IntegerCodec.decode(e, in, n, 4, values);
        return values;
    }

    /** A byte range usable as a hash key without copying. */
    private record Slice(byte[] data, int offset, int length) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Slice s && java.util.Arrays.equals(data, offset, offset + length,
                    s.data, s.offset, s.offset + s.length);
        }

        @Override
        public int hashCode() {
            int h = 1;
            for (int i = offset; i < offset + length; i++) {
                h = 31 * h + data[i];
            }
            return h;
        }
    }
}
