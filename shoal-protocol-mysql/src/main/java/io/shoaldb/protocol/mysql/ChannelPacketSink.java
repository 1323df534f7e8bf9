package io.shoaldb.protocol.mysql;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.shoaldb.protocol.mysql.codec.PacketFramer;
import io.shoaldb.protocol.mysql.codec.PacketSink;
import io.shoaldb.protocol.mysql.codec.PayloadWriter;
import io.shoaldb.protocol.mysql.command.ConnectionClosedException;

/**
 * Numbers, frames and writes one command's reply packets from the command's (virtual) thread. Writes are
 * flushed in batches; when the channel's outbound buffer is full the thread waits for the socket to drain, so
 * a slow reader throttles a large result instead of it piling up in memory.
 */
final class ChannelPacketSink implements PacketSink {
    private static final int FLUSH_BYTES = 64 * 1024;

    private final Channel channel;
    private int sequenceId;
    private long unflushed;

    ChannelPacketSink(Channel channel) {
        this.channel = channel;
    }

    /** Starts a reply at {@code nextSequenceId} (the request's last id plus one). */
    void startReply(int nextSequenceId) {
        sequenceId = nextSequenceId;
    }

    @Override
    public void send(PayloadWriter payload) {
        if (!channel.isActive()) {
            payload.discard();
            throw new ConnectionClosedException();
        }
        sequenceId = PacketFramer.frame(payload, sequenceId, buffer -> {
            unflushed += buffer.readableBytes();
            channel.write(buffer);
        });
        if (unflushed >= FLUSH_BYTES || !channel.isWritable()) {
            ChannelFuture flushed = channel.writeAndFlush(Unpooled.EMPTY_BUFFER);
            unflushed = 0;
            if (!channel.isWritable()) {
                flushed.awaitUninterruptibly();
                if (!flushed.isSuccess()) {
                    throw new ConnectionClosedException();
                }
            }
        }
    }

    void flush() {
        unflushed = 0;
        channel.flush();
    }

    /** Sends what is written, then closes: for replies after which the protocol state cannot be trusted. */
    void flushAndClose() {
        unflushed = 0;
        channel.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
    }
}
