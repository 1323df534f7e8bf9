package io.shoaldb.storage.segment.encoding;

import io.shoaldb.vector.ByteHash;
import java.util.Arrays;

/**
 * String payloads. PLAIN: u8 length encoding, the lengths as an integer payload, then the bytes back to
 * back. DICTIONARY: varint entry count, the entries as a PLAIN string payload, u8 id encoding, then the
 * ids as an integer payload.
 */
public final class BytesCodec {
    /** Above this many distinct values per page a dictionary rarely pays and costs hashing time. */
    public static final int MAX_DICTIONARY_ENTRIES = 4096;
    /** Pages of at least this many values are judged by their first eighth (a smaller one is cheap to try whole). */
    private static final int SAMPLED_PAGE_ROWS = 512;

    private BytesCodec() {
    }

    /** The page's values as a dictionary and per-value ids, or null when there are too many distinct values. */
    public record Dictionary(byte[] data, int[] offsets, int entries, long[] ids) {
    }

    /**
     * Builds a dictionary of values {@code [0, n)} in first-seen order, or null past {@code maxEntries}. An
     * open-addressing table of entry numbers, each entry standing for the first value that had its bytes: no
     * object per value. A page of nearly distinct values (comments) gives up early: when its first eighth is
     * over seven eighths distinct and, at that rate, the page would pass {@code maxEntries} - hashing up to
     * {@code maxEntries} values only to give up cost a big load a tenth of its CPU.
     */
    public static Dictionary dictionary(byte[] data, int[] offsets, int n, int maxEntries) {
        int judgeAt = n >= SAMPLED_PAGE_ROWS ? n / 8 : -1;
        int capacity = Math.min(n, maxEntries);
        int[] slots = new int[Integer.highestOneBit(Math.max(capacity, 8)) << 2]; // entry + 1; 0 is empty
        int[] slotHashes = new int[slots.length];
        int mask = slots.length - 1;
        int[] firstValue = new int[capacity];
        long[] ids = new long[n];
        int count = 0;
        for (int i = 0; i < n; i++) {
            if (i == judgeAt && count > i - i / 8 && count * 8L > maxEntries) {
                return null;
            }
            int from = offsets[i];
            int to = offsets[i + 1];
            long h = ByteHash.hash(data, from, to);
            int tag = (int) (h >>> 32);
            int s = (int) h & mask;
            while (true) {
                int entry = slots[s] - 1;
                if (entry < 0) {
                    if (count == maxEntries) {
                        return null;
                    }
                    slots[s] = count + 1;
                    slotHashes[s] = tag;
                    firstValue[count] = i;
                    ids[i] = count++;
                    break;
                }
                int v = firstValue[entry];
                if (slotHashes[s] == tag && Arrays.equals(data, offsets[v], offsets[v + 1], data, from, to)) {
                    ids[i] = entry;
                    break;
                }
                s = (s + 1) & mask;
            }
        }
        ByteSink entries = new ByteSink(256);
        int[] entryOffsets = new int[count + 1];
        for (int e = 0; e < count; e++) {
            int v = firstValue[e];
            entries.writeBytes(data, offsets[v], offsets[v + 1] - offsets[v]);
            entryOffsets[e + 1] = entries.size();
        }
        return new Dictionary(entries.toByteArray(), entryOffsets, count, ids);
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
}
