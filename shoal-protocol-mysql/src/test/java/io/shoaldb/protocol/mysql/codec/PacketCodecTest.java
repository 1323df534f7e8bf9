package io.shoaldb.protocol.mysql.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class PacketCodecTest {
    private static ByteBuf frame(int sequenceId, byte[] payload) {
        return Unpooled.buffer().writeMediumLE(payload.length).writeByte(sequenceId).writeBytes(payload);
    }

    @Test
    void decodesPacketsByteByByte() {
        EmbeddedChannel channel = new EmbeddedChannel(loggedIn(1 << 20));
        ByteBuf both = Unpooled.wrappedBuffer(frame(0, new byte[] {3, 'a'}), frame(0, new byte[0]));
        while (both.isReadable()) {
            channel.writeInbound(both.readRetainedSlice(1));
        }
        both.release();
        Packet first = channel.readInbound();
        Packet second = channel.readInbound();
        assertThat(first.payload()).containsExactly(3, 'a');
        assertThat(first.replySequenceId()).isEqualTo(1);
        assertThat(second.payload()).isEmpty();
        assertThat(channel.inboundMessages()).isEmpty();
    }

    @Test
    void joinsFragmentsAndChecksTheirOrder() {
        EmbeddedChannel channel = new EmbeddedChannel(loggedIn(64 << 20));
        byte[] full = new byte[PacketDecoder.MAX_FRAGMENT];
        Arrays.fill(full, (byte) 7);
        channel.writeInbound(frame(0, full));
        assertThat(channel.inboundMessages()).isEmpty();
        channel.writeInbound(frame(1, new byte[0]));
        Packet joined = channel.readInbound();
        assertThat(joined.payload()).hasSize(PacketDecoder.MAX_FRAGMENT);
        assertThat(joined.firstSequenceId()).isZero();
        assertThat(joined.lastSequenceId()).isEqualTo(1);

        channel.writeInbound(frame(0, full));
        channel.writeInbound(frame(5, new byte[] {1}));
        FramingError error = channel.readInbound();
        assertThat(error.error().code()).isEqualTo(ErrorCode.PACKETS_OUT_OF_ORDER);
        channel.writeInbound(frame(0, new byte[] {1}));
        assertThat(channel.inboundMessages()).as("everything after a framing error is dropped").isEmpty();
    }

    @Test
    void beforeLoginOnlySmallPacketsAreAccepted() {
        PacketDecoder decoder = new PacketDecoder(64 << 20);
        EmbeddedChannel channel = new EmbeddedChannel(decoder);
        channel.writeInbound(Unpooled.buffer().writeMediumLE(PacketDecoder.PRE_LOGIN_MAX_PACKET + 1).writeByte(1));
        FramingError error = channel.readInbound();
        assertThat(error.error().code()).isEqualTo(ErrorCode.PACKET_TOO_LARGE_BEFORE_LOGIN);
        assertThat(error.error().getMessage()).contains("16384 bytes before login");

        PacketDecoder after = new PacketDecoder(64 << 20);
        after.loggedIn();
        EmbeddedChannel logged = new EmbeddedChannel(after);
        byte[] big = new byte[PacketDecoder.PRE_LOGIN_MAX_PACKET + 1];
        logged.writeInbound(frame(0, big));
        Packet packet = logged.readInbound();
        assertThat(packet.payload()).hasSize(big.length);
    }

    /** A decoder past the login, so that max_allowed_packet applies. */
    private static PacketDecoder loggedIn(int maxAllowedPacket) {
        PacketDecoder decoder = new PacketDecoder(maxAllowedPacket);
        decoder.loggedIn();
        return decoder;
    }

    @Test
    void refusesOversizePacketsFromTheHeader() {
        EmbeddedChannel channel = new EmbeddedChannel(loggedIn(1024));
        channel.writeInbound(Unpooled.buffer().writeMediumLE(1025).writeByte(0));
        FramingError error = channel.readInbound();
        assertThat(error.error().code()).isEqualTo(ErrorCode.PACKET_TOO_LARGE);
        assertThat(error.replySequenceId()).isEqualTo(1);
    }

    @Test
    void framerSplitsAtSixteenMegabytes() {
        for (int size : new int[] {0, 10, PacketDecoder.MAX_FRAGMENT - 1, PacketDecoder.MAX_FRAGMENT,
                PacketDecoder.MAX_FRAGMENT + 1, 2 * PacketDecoder.MAX_FRAGMENT}) {
            PayloadWriter payload = new PayloadWriter(size);
            payload.zeros(size);
            List<ByteBuf> out = new ArrayList<>();
            int next = PacketFramer.frame(payload, 250, out::add);
            ByteBuf wire = Unpooled.wrappedBuffer(out.toArray(ByteBuf[]::new));
            EmbeddedChannel channel = new EmbeddedChannel(loggedIn(Integer.MAX_VALUE));
            channel.writeInbound(wire);
            Packet packet = channel.readInbound();
            assertThat(packet.payload()).as("size %d", size).hasSize(size);
            int fragments = size / PacketDecoder.MAX_FRAGMENT + 1;
            assertThat(packet.firstSequenceId()).isEqualTo(250);
            assertThat(next).isEqualTo((250 + fragments) & 0xFF);
            assertThat(packet.replySequenceId()).isEqualTo(next);
        }
    }

    @Test
    void readerRejectsEveryOverrun() {
        assertMalformed(() -> new PayloadReader(new byte[] {1}).int2());
        assertMalformed(() -> new PayloadReader(new byte[] {(byte) 0xFC, 1}).lenencInt());
        assertMalformed(() -> new PayloadReader(new byte[] {(byte) 0xFE, 1, 2, 3}).lenencInt());
        assertMalformed(() -> new PayloadReader(new byte[] {(byte) 0xFB}).lenencInt());
        assertMalformed(() -> new PayloadReader(new byte[] {5, 'a'}).lenencBytes());
        assertMalformed(() -> new PayloadReader(new byte[] {(byte) 0xFE, -1, -1, -1, -1, -1, -1, -1, -1})
                .lenencBytes());
        assertMalformed(() -> new PayloadReader(new byte[] {'a', 'b'}).nulTerminatedString());
        assertMalformed(() -> new PayloadReader(new byte[] {1}).bytes(-1));
        PayloadReader ok = new PayloadReader(new byte[] {(byte) 0xFC, 0x10, 0x27, 'x', 0});
        assertThat(ok.lenencInt()).isEqualTo(10000);
        assertThat(ok.nulTerminatedString()).isEqualTo("x");
        assertThat(ok.hasRemaining()).isFalse();
    }

    private static void assertMalformed(Runnable read) {
        assertThatThrownBy(read::run).isInstanceOfSatisfying(ShoalException.class,
                e -> assertThat(e.code()).isEqualTo(ErrorCode.MALFORMED_PACKET));
    }

    @Test
    void writerUsesTheShortestLengthEncoding() {
        for (long value : new long[] {0, 250, 251, 65535, 65536, 16777215, 16777216, Long.MAX_VALUE, -1}) {
            PayloadWriter writer = new PayloadWriter().lenencInt(value);
            List<ByteBuf> out = new ArrayList<>();
            PacketFramer.frame(writer, 0, out::add);
            ByteBuf framed = out.getFirst();
            byte[] payload = new byte[framed.readableBytes() - 4];
            framed.getBytes(4, payload);
            framed.release();
            int expected = value >= 0 && value < 251 ? 1 : value >= 0 && value < 1 << 16 ? 3
                    : value >= 0 && value < 1 << 24 ? 4 : 9;
            assertThat(payload).as("value %d", value).hasSize(expected);
            assertThat(new PayloadReader(payload).lenencInt()).isEqualTo(value);
        }
    }
}
