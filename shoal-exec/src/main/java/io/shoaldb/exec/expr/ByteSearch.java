package io.shoaldb.exec.expr;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Where a literal first occurs in a range of bytes, for LIKE's substring searches. Eight candidate positions are
 * tested at once: one 64-bit read of the bytes there and one of the bytes {@code length - 1} further on, each
 * compared with its byte repeated eight times, mark the positions that hold the literal's first and last byte (in
 * text few positions hold both); only those are compared byte by byte. A byte-at-a-time loop spent a branch per byte
 * of every row of a LIKE over a long text column (TPC-H Q13's comments).
 */
final class ByteSearch {
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGH_BITS = 0x8080808080808080L;

    private ByteSearch() {
    }

    /** The first position {@code i} in {@code [from, to - literal.length]} where {@code literal} starts, or -1. */
    static int indexOf(byte[] literal, byte[] data, int from, int to) {
        int length = literal.length;
        if (length == 0) {
            return from <= to ? from : -1;
        }
        byte first = literal[0];
        byte lastByte = literal[length - 1];
        int end = length - 1;
        int last = to - length;
        long firsts = (first & 0xFFL) * ONES;
        long lasts = (lastByte & 0xFFL) * ONES;
        int i = from;
        for (; i + 7 <= last; i += 8) {
            long candidates = zeroBytes((long) LONG.get(data, i) ^ firsts)
                    & zeroBytes((long) LONG.get(data, i + end) ^ lasts);
            while (candidates != 0) {
                int at = i + (Long.numberOfTrailingZeros(candidates) >>> 3);
                if (data[at] == first && data[at + end] == lastByte && middleEquals(literal, data, at, end)) {
                    return at;
                }
                candidates &= candidates - 1;
            }
        }
        for (; i <= last; i++) {
            if (data[i] == first && data[i + end] == lastByte && middleEquals(literal, data, i, end)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The high bit of every byte of {@code x} that is zero; a byte above a zero byte may be marked too (the borrow
     * of the subtraction), which the caller's byte compare rejects. No zero byte goes unmarked.
     */
    private static long zeroBytes(long x) {
        return (x - ONES) & ~x & HIGH_BITS;
    }

    /** Bytes 1 .. end-1 of {@code literal} at {@code data[at ..]}: a plain loop, as short as LIKE's words are. */
    private static boolean middleEquals(byte[] literal, byte[] data, int at, int end) {
        for (int j = 1; j < end; j++) {
            if (data[at + j] != literal[j]) {
                return false;
            }
        }
        return true;
    }
}
