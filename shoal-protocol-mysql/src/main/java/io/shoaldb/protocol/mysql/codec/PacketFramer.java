package io.shoaldb.protocol.mysql.codec;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.function.Consumer;

/**
 * Puts packet headers on a payload. A payload of 0xFFFFFF bytes or more goes out as fragments of exactly that
 * size followed by a shorter one (possibly empty), which is how the reader knows where it ends; each fragment
 * takes the next sequence id.
 */
public final class PacketFramer {
    static final int HEADER = 4;

    private PacketFramer() {
    }

    /**
     * Frames {@code payload} starting at sequence id {@code sequenceId}, handing each framed buffer to {@code out}.
     *
     * @return the sequence id the next packet takes
     */
    public static int frame(PayloadWriter payload, int sequenceId, Consumer<ByteBuf> out) {
        ByteBuf buffer = payload.bufferWithHeaderRoom();
        int length = payload.length();
        if (length < PacketDecoder.MAX_FRAGMENT) {
            buffer.setMediumLE(0, length);
            buffer.setByte(3, sequenceId);
            out.accept(buffer);
            return (sequenceId + 1) & 0xFF;
        }
        int offset = HEADER;
        int remaining = length;
        while (true) {
            int chunk = Math.min(remaining, PacketDecoder.MAX_FRAGMENT);
            ByteBuf header = Unpooled.buffer(HEADER).writeMediumLE(chunk).writeByte(sequenceId);
            out.accept(header);
            out.accept(buffer.retainedSlice(offset, chunk));
            sequenceId = (sequenceId + 1) & 0xFF;
            offset += chunk;
            remaining -= chunk;
            if (chunk < PacketDecoder.MAX_FRAGMENT) {
                break;
            }
        }
        buffer.release();
        return sequenceId;
    }
}
