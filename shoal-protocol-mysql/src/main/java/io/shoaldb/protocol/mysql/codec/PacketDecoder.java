package io.shoaldb.protocol.mysql.codec;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits the byte stream into {@link Packet}s: a 3-byte little-endian length, a sequence id, the payload. A
 * fragment of exactly {@link #MAX_FRAGMENT} bytes means another follows, and the fragments are joined.
 * The size limit is checked against the header before the payload is buffered, so an oversize packet costs no
 * memory; after a framing error everything further is discarded. Until the client has logged in the limit is
 * {@link #PRE_LOGIN_MAX_PACKET}: a handshake response is small, and an unauthenticated client must not make the
 * server buffer max_allowed_packet bytes (for every one of {@code qe_max_connection} connections).
 */
public final class PacketDecoder extends ByteToMessageDecoder {
    public static final int MAX_FRAGMENT = 0xFFFFFF;
    /** Room for a handshake response with long names, a plugin name and generous connection attributes. */
    public static final int PRE_LOGIN_MAX_PACKET = 16 * 1024;
    private static final int HEADER = 4;

    private final int maxAllowedPacket;
    /** Written by the connection's command thread at login, read on the event loop. */
    private volatile boolean loggedIn;
    private final List<byte[]> fragments = new ArrayList<>();
    private long joinedLength;
    private int firstSequenceId = -1;
    private int lastSequenceId;
    private boolean failed;

    public PacketDecoder(int maxAllowedPacket) {
        this.maxAllowedPacket = maxAllowedPacket;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        while (!failed && in.readableBytes() >= HEADER) {
            int start = in.readerIndex();
            int length = in.getUnsignedMediumLE(start);
            int sequenceId = in.getUnsignedByte(start + 3);
            if (firstSequenceId >= 0 && sequenceId != ((lastSequenceId + 1) & 0xFF)) {
                fail(out, ErrorCode.PACKETS_OUT_OF_ORDER.exception(), sequenceId);
                break;
            }
            if (joinedLength + length > limit()) {
                fail(out, loggedIn ? ErrorCode.PACKET_TOO_LARGE.exception()
                        : ErrorCode.PACKET_TOO_LARGE_BEFORE_LOGIN.exception(limit()), sequenceId);
                break;
            }
            if (in.readableBytes() < HEADER + length) {
                return;
            }
            in.skipBytes(HEADER);
            byte[] fragment = new byte[length];
            in.readBytes(fragment);
            if (firstSequenceId < 0) {
                firstSequenceId = sequenceId;
            }
            lastSequenceId = sequenceId;
            fragments.add(fragment);
            joinedLength += length;
            if (length < MAX_FRAGMENT) {
                out.add(new Packet(firstSequenceId, lastSequenceId, join()));
                fragments.clear();
                joinedLength = 0;
                firstSequenceId = -1;
            }
        }
        if (failed) {
            in.skipBytes(in.readableBytes());
        }
    }

    /** From now on packets up to max_allowed_packet are accepted; called before the login's OK is sent. */
    public void loggedIn() {
        loggedIn = true;
    }

    private int limit() {
        return loggedIn ? maxAllowedPacket : Math.min(PRE_LOGIN_MAX_PACKET, maxAllowedPacket);
    }

    private void fail(List<Object> out, ShoalException error, int sequenceId) {
        failed = true;
        fragments.clear();
        out.add(new FramingError(error, (sequenceId + 1) & 0xFF));
    }

    private byte[] join() {
        if (fragments.size() == 1) {
            return fragments.getFirst();
        }
        byte[] joined = new byte[Math.toIntExact(joinedLength)];
        int at = 0;
        for (byte[] fragment : fragments) {
            System.arraycopy(fragment, 0, joined, at, fragment.length);
            at += fragment.length;
        }
        return joined;
    }
}
