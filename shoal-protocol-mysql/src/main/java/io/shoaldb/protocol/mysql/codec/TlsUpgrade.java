package io.shoaldb.protocol.mysql.codec;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.ssl.SslContext;
import io.shoaldb.protocol.mysql.auth.Capabilities;
import java.util.List;

/**
 * The first handler of a connection while TLS is offered: it looks at the client's first packet. An SSLRequest
 * (a 32-byte HandshakeResponse prefix with CLIENT_SSL, sequence id 1) is consumed here and this handler is
 * replaced by Netty's {@code SslHandler}, so that the TLS ClientHello the client sends right behind it - maybe in
 * the same read - goes to the TLS engine and not to the packet decoder; the connection hears of it through
 * {@link #STARTED}. Any other first packet passes on untouched and this handler leaves the pipeline.
 */
public final class TlsUpgrade extends ByteToMessageDecoder {
    /** The user event fired (towards the connection handler) when the client has asked for TLS. */
    public static final Object STARTED = new Object() {
        @Override
        public String toString() {
            return "TLS started";
        }
    };

    private static final int HEADER = 4;
    private static final int SSL_REQUEST_LENGTH = 32;

    private final SslContext context;

    public TlsUpgrade(SslContext context) {
        this.context = context;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (in.readableBytes() < HEADER) {
            return;
        }
        int start = in.readerIndex();
        int length = in.getUnsignedMediumLE(start);
        int sequenceId = in.getUnsignedByte(start + 3);
        if (length != SSL_REQUEST_LENGTH || sequenceId != 1) {
            ctx.pipeline().remove(this);
            return;
        }
        if (in.readableBytes() < HEADER + length) {
            return;
        }
        int capabilities = in.getIntLE(start + HEADER);
        if (!Capabilities.has(capabilities, Capabilities.SSL)) {
            ctx.pipeline().remove(this);
            return;
        }
        in.skipBytes(HEADER + length);
        ctx.fireUserEventTriggered(STARTED);
        ctx.pipeline().replace(this, "tls", context.newHandler(ctx.alloc()));
    }
}
