package io.shoaldb.protocol.http.handler;

import io.netty.channel.ChannelInitializer;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpResponseEncoder;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.timeout.IdleStateHandler;
import java.util.concurrent.TimeUnit;

/**
 * The pipeline of one accepted connection: strict request decoding with bounded request line and headers,
 * response encoding, a reader-idle timer, and the connection handler. No aggregator: bodies are streamed.
 */
public final class HttpChannelInitializer extends ChannelInitializer<SocketChannel> {
    /** Request line limit: Stream Load URLs are short; a longer line is an attack or a mistake. */
    static final int MAX_INITIAL_LINE = 8192;
    /** All header lines together; Doris clients send a few dozen short headers. */
    static final int MAX_HEADER_BYTES = 16384;
    /** Netty slices bodies into chunks of at most this size, which is what the load reads at a time. */
    static final int MAX_CHUNK = 64 * 1024;

    private final Services services;
    private final int portIndex;
    private final SslContext tls;

    /** @param tls the TLS context of an HTTPS port, or null for plain HTTP */
    public HttpChannelInitializer(Services services, int portIndex, SslContext tls) {
        this.services = services;
        this.portIndex = portIndex;
        this.tls = tls;
    }

    @Override
    protected void initChannel(SocketChannel channel) {
        HttpDecoderConfig config = new HttpDecoderConfig()
                .setMaxInitialLineLength(MAX_INITIAL_LINE)
                .setMaxHeaderSize(MAX_HEADER_BYTES)
                .setMaxChunkSize(MAX_CHUNK);
        long idleMillis = services.options().bodyIdleTimeout().toMillis();
        if (tls != null) {
            channel.pipeline().addLast("tls", tls.newHandler(channel.alloc()));
        }
        channel.pipeline()
                .addLast("decoder", new StrictRequestDecoder(config))
                .addLast("encoder", new HttpResponseEncoder())
                .addLast("idle", new IdleStateHandler(idleMillis, 0, 0, TimeUnit.MILLISECONDS))
                .addLast("handler", new ConnectionHandler(services, portIndex, MAX_HEADER_BYTES));
    }
}
