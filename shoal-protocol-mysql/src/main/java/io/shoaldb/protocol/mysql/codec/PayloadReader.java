package io.shoaldb.protocol.mysql.codec;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads the protocol's integer and string encodings from one payload. Every read is bounds-checked and a
 * short payload fails with MALFORMED_PACKET, so a truncated or lying packet can never read past its end.
 */
public final class PayloadReader {
    private final byte[] data;
    private int position;

    public PayloadReader(byte[] data) {
        this(data, 0);
    }

    public PayloadReader(byte[] data, int position) {
        this.data = data;
        this.position = position;
    }

    public int position() {
        return position;
    }

    /** The payload itself (not a copy), for values that are read where they lie. */
    public byte[] buffer() {
        return data;
    }

    public int remaining() {
        return data.length - position;
    }

    public boolean hasRemaining() {
        return position < data.length;
    }

    private void require(int count, String what) {
        if (count < 0 || count > data.length - position) {
            throw malformed(what + " runs past the end of the packet");
        }
    }

    public static ShoalException malformed(String detail) {
        return ErrorCode.MALFORMED_PACKET.exception(detail);
    }

    public int int1() {
        require(1, "int<1>");
        return data[position++] & 0xFF;
    }

    public int int2() {
        require(2, "int<2>");
        int value = (data[position] & 0xFF) | (data[position + 1] & 0xFF) << 8;
        position += 2;
        return value;
    }

    public int int3() {
        require(3, "int<3>");
        int value = (data[position] & 0xFF) | (data[position + 1] & 0xFF) << 8 | (data[position + 2] & 0xFF) << 16;
        position += 3;
        return value;
    }

    /** An unsigned 4-byte integer as a long. */
    public long int4() {
        require(4, "int<4>");
        long value = 0;
        for (int i = 3; i >= 0; i--) {
            value = value << 8 | (data[position + i] & 0xFF);
        }
        position += 4;
        return value;
    }

    /** An 8-byte integer as its raw 64 bits; the caller decides signedness. */
    public long int8() {
        require(8, "int<8>");
        long value = 0;
        for (int i = 7; i >= 0; i--) {
            value = value << 8 | (data[position + i] & 0xFF);
        }
        position += 8;
        return value;
    }

    /** A length-encoded integer; lengths that cannot be a Java array size are rejected by the caller's bounds. */
    public long lenencInt() {
        int first = int1();
        return switch (first) {
            case 0xFC -> int2();
            case 0xFD -> int3();
            case 0xFE -> int8();
            case 0xFB, 0xFF -> throw malformed("invalid length-encoded integer prefix 0x" + Integer.toHexString(first));
            default -> first;
        };
    }

    public byte[] bytes(int count) {
        require(count, "string<" + count + ">");
        byte[] value = Arrays.copyOfRange(data, position, position + count);
        position += count;
        return value;
    }

    public byte[] lenencBytes() {
        long length = lenencInt();
        if (length > remaining()) {
            throw malformed("length-encoded string of " + length + " bytes runs past the end of the packet");
        }
        return bytes((int) length);
    }

    public String lenencString() {
        return new String(lenencBytes(), StandardCharsets.UTF_8);
    }

    public byte[] nulTerminatedBytes() {
        for (int i = position; i < data.length; i++) {
            if (data[i] == 0) {
                byte[] value = Arrays.copyOfRange(data, position, i);
                position = i + 1;
                return value;
            }
        }
        throw malformed("string<NUL> has no terminator");
    }

    public String nulTerminatedString() {
        return new String(nulTerminatedBytes(), StandardCharsets.UTF_8);
    }

    public byte[] restBytes() {
        return bytes(remaining());
    }

    public String restString() {
        return new String(restBytes(), StandardCharsets.UTF_8);
    }

    public void skip(int count) {
        require(count, "filler");
        position += count;
    }
}
