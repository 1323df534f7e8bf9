package io.shoaldb.protocol.http;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.handler.ssl.SslContext;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.shoaldb.api.AccessControl;
import io.shoaldb.api.Authenticator;
import io.shoaldb.api.LoadService;
import io.shoaldb.api.net.ServerTransport;
import io.shoaldb.protocol.http.auth.BasicAuth;
import io.shoaldb.protocol.http.handler.HttpChannelInitializer;
import io.shoaldb.protocol.http.handler.Services;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTP front door: every endpoint on every configured port ({@code http_port} and {@code webserver_port}
 * both answer Stream Loads directly, so {@code curl --location-trusted} never needs a redirect). Netty event
 * loops do the I/O; each load runs on its own virtual thread.
 */
public final class HttpServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(HttpServer.class);

    private final HttpServerOptions options;
    private final Services services;
    private final ServerTransport transport = ServerTransport.best();
    private final List<Channel> channels = new ArrayList<>();
    private final List<Integer> boundPorts = new ArrayList<>();
    private EventLoopGroup acceptors;
    private EventLoopGroup workers;
    private boolean started;
    private boolean closed;
    private SslContext httpsContext;
    private int httpsPort;

    public HttpServer(HttpServerOptions options, Authenticator authenticator, AccessControl access, LoadService loads,
            HttpMetrics metrics) {
        this.options = Objects.requireNonNull(options, "options");
        this.services = new Services(options, new BasicAuth(Objects.requireNonNull(authenticator, "authenticator")),
                Objects.requireNonNull(access, "access"), Objects.requireNonNull(loads, "loads"), Objects.requireNonNull(metrics, "metrics"),
                Thread.ofVirtual().name("shoal-http-load-", 0).factory());
    }

    /**
     * Also serves every endpoint over TLS on {@code port} (Doris's {@code https_port}), in the FE shape; its bound
     * port is then {@code port(ports().size() - 1)}. Call before {@link #start()}.
     */
    public synchronized HttpServer withHttps(SslContext context, int port) {
        if (started) {
            throw new IllegalStateException("HTTPS must be set before the server starts");
        }
        this.httpsContext = Objects.requireNonNull(context, "context");
        this.httpsPort = port;
        return this;
    }

    /** Binds every port; if one cannot be bound, nothing stays bound and the cause says which. */
    public synchronized void start() {
        if (started) {
            throw new IllegalStateException("HTTP server already started");
        }
        if (closed) {
            throw new IllegalStateException("HTTP server is closed");
        }
        started = true;
        acceptors = transport.newEventLoops(1);
        workers = transport.newEventLoops(0);
        for (int i = 0; i < options.ports().size(); i++) {
            bind(options.ports().get(i), new HttpChannelInitializer(services, i, null),
                    i == 0 ? "http_port" : "webserver_port");
        }
        if (httpsContext != null) {
            bind(httpsPort, new HttpChannelInitializer(services, 0, httpsContext), "https_port");
        }
        LOG.info("HTTP listening on {} ports {} ({})", options.bindAddress(), boundPorts, transport);
    }

    private void bind(int port, HttpChannelInitializer initializer, String key) {
        ServerBootstrap bootstrap = transport.newBootstrap(acceptors, workers)
                .option(ChannelOption.SO_BACKLOG, 1024)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(initializer);
        ChannelFuture bound = bootstrap.bind(options.bindAddress(), port).awaitUninterruptibly();
        if (!bound.isSuccess()) {
            close();
            throw new IllegalStateException("cannot listen for HTTP on " + options.bindAddress() + ":" + port
                    + " (" + key + "): " + bound.cause().getMessage(), bound.cause());
        }
        channels.add(bound.channel());
        boundPorts.add(((InetSocketAddress) bound.channel().localAddress()).getPort());
    }

    /** The ports actually bound, in the order of the options (so a configured 0 shows the chosen port). */
    public synchronized List<Integer> ports() {
        return List.copyOf(boundPorts);
    }

    public synchronized int port(int index) {
        if (index < 0 || index >= boundPorts.size()) {
            throw new IndexOutOfBoundsException("no bound HTTP port #" + index + "; bound: " + boundPorts);
        }
        return boundPorts.get(index);
    }

    public HttpMetrics metrics() {
        return services.metrics();
    }

    /** Stops listening, closes every connection (their loads see their bodies fail) and frees the threads. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (Channel channel : channels) {
            channel.close().awaitUninterruptibly();
        }
        channels.clear();
        for (EventLoopGroup group : new EventLoopGroup[] {acceptors, workers}) {
            if (group != null) {
                group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(10, TimeUnit.SECONDS);
            }
        }
    }
}
