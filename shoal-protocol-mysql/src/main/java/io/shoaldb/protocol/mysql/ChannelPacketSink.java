package io.shoaldb.protocol.mysql;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelPromise;
import io.shoaldb.protocol.mysql.codec.PacketFramer;
import io.shoaldb.protocol.mysql.codec.PacketSink;
import io.shoaldb.protocol.mysql.codec.PayloadWriter;
import io.shoaldb.protocol.mysql.command.ConnectionClosedException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * Numbers, frames and writes one command's reply packets from the command's (virtual) thread, or from the event
 * loop for a statement answered there (then they are written at once). Framed packets
 * are held here and handed to the event loop in one task per flush: a write or flush called from outside the
 * loop is a task of its own (and often a wake-up of the loop), which for a one-packet OK reply doubled the
 * hand-offs. Past {@link #FLUSH_BYTES} the held packets go out early; when the channel's outbound buffer is
 * full the thread waits for the socket to drain, so a slow reader throttles a large result instead of it
 * piling up in memory.
 * Small packets are appended to the reply's first packet as they are framed: the socket write takes direct
 * memory, so the event loop copies each heap buffer into a direct one at write time, and a result set's five
 * packets (count, definition, end of definitions, row, end) were five buffers, five such copies, five entries of
 * the outbound queue and five pieces of a writev. A one-packet reply (an OK) goes out as it was framed.
 */
final class ChannelPacketSink implements PacketSink {
    private static final int FLUSH_BYTES = 64 * 1024;
    /** Larger packets (big rows, fragments of huge ones) go out as they are, without a copy. */
    private static final int COALESCE_MAX_PACKET = 8 * 1024;

    private final Channel channel;
    private final List<ByteBuf> held = new ArrayList<>();
    private int sequenceId;
    private long heldBytes;
    /** The buffer small packets are appended to, the last of {@link #held}; null when none. */
    private ByteBuf coalesced;

    ChannelPacketSink(Channel channel) {
        this.channel = channel;
    }

    /**
     * Where a reply that is written later than its command ran goes: the channel's event loop, where a send
     * never waits for the socket and the flush that follows is no further hand-off.
     */
    Executor replyExecutor() {
        return channel.eventLoop();
    }

    /** Starts a reply at {@code nextSequenceId} (the request's last id plus one). */
    void startReply(int nextSequenceId) {
        sequenceId = nextSequenceId;
    }

    @Override
    public void send(PayloadWriter payload) {
        if (!channel.isActive()) {
            payload.discard();
            releaseHeld();
            throw new ConnectionClosedException();
        }
        sequenceId = PacketFramer.frame(payload, sequenceId, this::hold);
        if (heldBytes >= FLUSH_BYTES || !channel.isWritable()) {
            ChannelPromise written = writeHeld(false, null);
            // The event loop never waits (it is what drains the socket); what it answers there is small.
            if (!channel.isWritable() && !channel.eventLoop().inEventLoop()) {
                written.awaitUninterruptibly();
                if (!written.isSuccess()) {
                    throw new ConnectionClosedException();
                }
            }
        }
    }

    private void hold(ByteBuf framed) {
        int size = framed.readableBytes();
        heldBytes += size;
        // A slice (the tail of a fragmented packet) cannot grow: it goes as it is, like a large packet.
        if (size > COALESCE_MAX_PACKET || (coalesced == null && framed.maxWritableBytes() < COALESCE_MAX_PACKET)) {
            held.add(framed);
            coalesced = null; // packets after it must not go out before it
            return;
        }
        if (coalesced == null) {
            coalesced = framed; // a framed small payload is a growable heap buffer of its own
            held.add(framed);
            return;
        }
        try {
            coalesced.writeBytes(framed);
        } finally {
            framed.release();
        }
    }

    /**
     * Sends what is held, then runs {@code onLoop} on the event loop in the same task: the end of a command
     * (its reply, and resuming reads) costs one hand-off to the loop.
     */
    void flushThen(Runnable onLoop) {
        writeHeld(false, onLoop);
    }

    /** Sends what is held. */
    void flush() {
        writeHeld(false, null);
    }

    /** Sends what is written, then closes: for replies after which the protocol state cannot be trusted. */
    void flushAndClose() {
        writeHeld(true, null);
    }

    /** Closes the connection now, from any thread, dropping what is not yet written (KILL CONNECTION). */
    void closeNow() {
        channel.close();
    }

    /** Hands the held packets to the event loop in one task that writes and flushes them (and closes). */
    private ChannelPromise writeHeld(boolean close, Runnable then) {
        List<ByteBuf> out = List.copyOf(held);
        held.clear();
        heldBytes = 0;
        coalesced = null;
        ChannelPromise promise = channel.newPromise();
        if (close) {
            promise.addListener(ChannelFutureListener.CLOSE);
        }
        Runnable task = () -> {
            for (int i = 0; i < out.size() - 1; i++) {
                channel.write(out.get(i), channel.voidPromise());
            }
            if (out.isEmpty()) {
                promise.trySuccess();
            } else {
                channel.writeAndFlush(out.getLast(), promise);
            }
            if (then != null) {
                then.run();
            }
        };
        if (channel.eventLoop().inEventLoop()) {
            task.run();
            return promise;
        }
        try {
            channel.eventLoop().execute(task);
        } catch (RejectedExecutionException shutDown) {
            out.forEach(ByteBuf::release);
            promise.tryFailure(shutDown);
        }
        return promise;
    }

    private void releaseHeld() {
        held.forEach(ByteBuf::release);
        held.clear();
        heldBytes = 0;
        coalesced = null;
    }
}
