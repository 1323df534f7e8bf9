package io.shoaldb.protocol.mysql.codec;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;

/**
 * Builds one payload in the protocol's encodings. The buffer starts with room for a packet header so that
 * {@link PacketFramer} can frame a small payload in place without copying it.
 */
public final class PayloadWriter {
    private final ByteBuf buffer;

    public PayloadWriter() {
        this(64);
    }

    public PayloadWriter(int expectedSize) {
        buffer = Unpooled.buffer(expectedSize + PacketFramer.HEADER);
        buffer.writerIndex(PacketFramer.HEADER);
    }

    /** The payload length written so far. */
    public int length() {
        return buffer.writerIndex() - PacketFramer.HEADER;
    }

    /** The buffer with the header room in front; for {@link PacketFramer} only. */
    ByteBuf bufferWithHeaderRoom() {
        return buffer;
    }

    public PayloadWriter int1(int value) {
        buffer.writeByte(value);
        return this;
    }

    public PayloadWriter int2(int value) {
        buffer.writeShortLE(value);
        return this;
    }

    public PayloadWriter int3(int value) {
        buffer.writeMediumLE(value);
        return this;
    }

    public PayloadWriter int4(long value) {
        buffer.writeIntLE((int) value);
        return this;
    }

    public PayloadWriter int8(long value) {
        buffer.writeLongLE(value);
        return this;
    }

    public PayloadWriter lenencInt(long value) {
        if (value >= 0 && value < 0xFB) {
            buffer.writeByte((int) value);
        } else if (value >= 0 && value < 1 << 16) {
            buffer.writeByte(0xFC).writeShortLE((int) value);
        } else if (value >= 0 && value < 1 << 24) {
            buffer.writeByte(0xFD).writeMediumLE((int) value);
        } else {
            buffer.writeByte(0xFE).writeLongLE(value);
        }
        return this;
    }

    public PayloadWriter bytes(byte[] value) {
        buffer.writeBytes(value);
        return this;
    }

    public PayloadWriter lenencBytes(byte[] value) {
        lenencInt(value.length);
        buffer.writeBytes(value);
        return this;
    }

    public PayloadWriter lenencString(String value) {
        return lenencBytes(value.getBytes(StandardCharsets.UTF_8));
    }

    public PayloadWriter nulString(String value) {
        buffer.writeBytes(value.getBytes(StandardCharsets.UTF_8)).writeByte(0);
        return this;
    }

    /** A string that runs to the end of the payload. */
    public PayloadWriter restString(String value) {
        buffer.writeBytes(value.getBytes(StandardCharsets.UTF_8));
        return this;
    }

    public PayloadWriter zeros(int count) {
        buffer.writeZero(count);
        return this;
    }

    public PayloadWriter floatLE(float value) {
        buffer.writeFloatLE(value);
        return this;
    }

    public PayloadWriter doubleLE(double value) {
        buffer.writeDoubleLE(value);
        return this;
    }

    /** Overwrites a byte already written (e.g. a NULL bitmap filled in after the values), at a payload offset. */
    public PayloadWriter setByte(int payloadOffset, int value) {
        buffer.setByte(PacketFramer.HEADER + payloadOffset, value);
        return this;
    }

    public byte getByte(int payloadOffset) {
        return buffer.getByte(PacketFramer.HEADER + payloadOffset);
    }

    /** Drops the buffer when the payload is abandoned (not sent). */
    public void discard() {
        buffer.release();
    }
}
