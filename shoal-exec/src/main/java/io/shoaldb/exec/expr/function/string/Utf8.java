package io.shoaldb.exec.expr.function.string;

/** Character positions in UTF-8 bytes (a character starts at every byte that is not 10xxxxxx). */
final class Utf8 {
    private Utf8() {
    }

    static boolean isStart(byte b) {
        return (b & 0xC0) != 0x80;
    }

    static int chars(byte[] data, int from, int length) {
        int n = 0;
        for (int i = from; i < from + length; i++) {
            if (isStart(data[i])) {
                n++;
            }
        }
        return n;
    }

    /** The byte offset of character {@code index} (from 0) of the value at {@code from}, or the end if past it. */
    static int byteOf(byte[] data, int from, int length, long index) {
        int end = from + length;
        int i = from;
        for (long c = 0; c < index && i < end; c++) {
            i++;
            while (i < end && !isStart(data[i])) {
                i++;
            }
        }
        return i;
    }

    static int indexOf(byte[] data, int from, int to, byte[] needleData, int needleFrom, int needleLength) {
        int last = to - needleLength;
        outer:
        for (int i = from; i <= last; i++) {
            for (int j = 0; j < needleLength; j++) {
                if (data[i + j] != needleData[needleFrom + j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
