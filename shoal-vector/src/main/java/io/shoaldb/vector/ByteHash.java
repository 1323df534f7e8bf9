package io.shoaldb.vector;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * A hash of a byte range for in-memory hash tables over text (group keys, page dictionaries). Not stored
 * anywhere, so it may change between versions.
 */
public final class ByteHash {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private ByteHash() {
    }

    /**
     * The hash of {@code d[from .. to)}, read eight bytes at a time (names and comments are tens of bytes long);
     * the length goes in too, so that trailing zero bytes make another hash. All 64 bits are mixed.
     */
    public static long hash(byte[] d, int from, int to) {
        long h = 0xcbf29ce484222325L ^ (to - from);
        int p = from;
        for (; p + 8 <= to; p += 8) {
            h = Long.rotateLeft((h ^ (long) LONGS.get(d, p)) * 0x9E3779B97F4A7C15L, 29);
        }
        long tail = 0;
        for (int shift = 0; p < to; p++, shift += 8) {
            tail |= (d[p] & 0xFFL) << shift;
        }
        h = (h ^ tail) * 0x9E3779B97F4A7C15L;
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        return h ^ h >>> 33;
    }
}
