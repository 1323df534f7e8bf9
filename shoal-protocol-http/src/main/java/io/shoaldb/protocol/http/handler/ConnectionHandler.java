package io.shoaldb.protocol.http.handler;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.handler.timeout.IdleState;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.ReferenceCountUtil;
import io.shoaldb.api.StreamLoadRequest;
import io.shoaldb.api.StreamLoadResult;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.Failures;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.protocol.http.auth.BasicAuth;
import io.shoaldb.protocol.http.body.BodyStream;
import io.shoaldb.protocol.http.body.FlowControl;
import io.shoaldb.protocol.http.json.DorisJson;
import io.shoaldb.protocol.http.route.Route;
import io.shoaldb.protocol.http.route.RouteError;
import io.shoaldb.protocol.http.route.RouteMatch;
import io.shoaldb.protocol.http.route.Router;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One HTTP/1.1 connection: turns decoded request parts into endpoint calls and writes their replies. Runs
 * only on the channel's event loop; everything that may block (the load service) runs on a worker thread and
 * comes back with {@link #deliver}. One request is served at a time; a pipelined next request waits (reads
 * stop) until the current reply is written.
 *
 * <p>A reply decided before the body was read (auth, URL, length, a load that failed early) is sent with
 * {@code Connection: close}: if the client asked for {@code 100-continue} and got none, it sends no body and
 * the connection closes at once; otherwise the rest of the body is read and dropped (until it ends, or for
 * {@link #LINGER_NANOS} and at least {@link #DISCARD_LIMIT} bytes) so that the client can read the reply before
 * the close.
 */
final class ConnectionHandler extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(ConnectionHandler.class);
    /** Queued body bytes above which socket reads pause; the load reads 64 KiB chunks, so this is ~64 of them. */
    static final long HIGH_WATER = 4L << 20;
    static final long LOW_WATER = 1L << 20;
    /**
     * A body of known length up to this size is received whole before its load's thread starts, which then reads
     * it without waiting: one hand-off per load instead of a wake-up of the load per chunk that arrives (a 1 MB
     * body comes in 16 or more). Below {@link #HIGH_WATER}, so such a body never pauses the socket it waits for.
     */
    static final long WHOLE_BODY_FIRST = 1L << 20;
    static final long DISCARD_LIMIT = 1L << 20;
    /**
     * How long after such a reply the rest of the body is still read and dropped. A client such as curl goes on
     * sending after an early reply and reads it only when it is done; closing at once resets the connection under
     * it and loses the reply. Dropping costs no memory; a body that ends closes the connection sooner.
     */
    static final long LINGER_NANOS = TimeUnit.SECONDS.toNanos(10);
    /** How long a refused connection (over {@code http_max_connections}) may take to send its request. */
    static final long REFUSED_GRACE_SECONDS = 5;

    private final Services services;
    private final Endpoints endpoints;
    private final int portIndex;
    private final int maxHeaderBytes;
    private final ArrayDeque<Object> pipelined = new ArrayDeque<>();
    private ChannelHandlerContext ctx;
    private Exchange exchange;
    private boolean bodyPaused;
    /** Whether this connection holds one of the {@code http_max_connections} places; if not, it is refused. */
    private boolean admitted;

    ConnectionHandler(Services services, int portIndex, int maxHeaderBytes) {
        this.services = services;
        this.endpoints = new Endpoints(services);
        this.portIndex = portIndex;
        this.maxHeaderBytes = maxHeaderBytes;
    }

    /** The state of the request being served. */
    private static final class Exchange {
        final boolean keepAlive;
        final boolean expectContinue;
        final boolean hasBody;
        final Map<String, String> headers;
        final String remoteHost;
        BodyStream body;
        long limit;
        long received;
        long droppedBytes;
        long respondedAtNanos;
        boolean bodyRejected;
        boolean continueSent;
        boolean requestComplete;
        boolean responded;
        boolean closeAfterReply;
        Reply pending;
        /** The load of a small body, started once the body is complete or can never be ({@link #WHOLE_BODY_FIRST}). */
        Runnable deferredLoad;

        Exchange(boolean keepAlive, boolean expectContinue, boolean hasBody, Map<String, String> headers,
                String remoteHost) {
            this.keepAlive = keepAlive;
            this.expectContinue = expectContinue;
            this.hasBody = hasBody;
            this.headers = headers;
            this.remoteHost = remoteHost;
        }
    }

    @Override
    public void handlerAdded(ChannelHandlerContext context) {
        this.ctx = context;
    }

    /**
     * Over {@code http_max_connections} the connection is not dropped at once: its first request is answered 503
     * with the reason (closing before the client has sent its request could reset the reply away). It may hold
     * no more than that one request's headers, and is closed soon if it sends nothing.
     */
    @Override
    public void channelActive(ChannelHandlerContext context) throws Exception {
        admitted = services.connections().tryAcquire();
        if (!admitted) {
            context.executor().schedule(() -> {
                context.close();
            }, REFUSED_GRACE_SECONDS, TimeUnit.SECONDS);
        }
        super.channelActive(context);
    }

    @Override
    public void channelRead(ChannelHandlerContext context, Object msg) {
        Exchange ex = exchange;
        if (!pipelined.isEmpty() || (msg instanceof HttpRequest && ex != null)) {
            if (ex != null && ex.responded && ex.closeAfterReply) {
                ReferenceCountUtil.release(msg); // the connection is closing: nothing more is served
                return;
            }
            pipelined.add(msg);
            updateAutoRead();
            return;
        }
        try {
            if (msg instanceof HttpRequest request) {
                if (request.decoderResult().isFailure()) {
                    ReferenceCountUtil.release(msg);
                    rejectMalformed(request.decoderResult().cause());
                    return;
                }
                onRequest(request);
            }
            if (msg instanceof HttpContent content) {
                onContent(content);
            } else if (!(msg instanceof HttpRequest)) {
                ReferenceCountUtil.release(msg);
            }
        } catch (RuntimeException e) {
            // a bug here must cost this connection only, never the event loop
            LOG.warn("HTTP request handling failed; closing the connection", e);
            ReferenceCountUtil.safeRelease(msg, 0);
            failBody(new IOException(ErrorCode.INTERNAL_ERROR.format(e.toString())));
            context.close();
        }
    }

    private void onRequest(HttpRequest request) {
        Map<String, String> headers = lowerCasedHeaders(request);
        boolean chunked = HttpUtil.isTransferEncodingChunked(request);
        long contentLength = HttpUtil.getContentLength(request, -1L);
        Exchange ex = new Exchange(HttpUtil.isKeepAlive(request), HttpUtil.is100ContinueExpected(request),
                chunked || contentLength > 0, headers, remoteHost());
        exchange = ex;
        bodyPaused = false;
        Router.Result routed = Router.route(request.method(), request.uri());
        if (!admitted) {
            refuseOverConnectionLimit(ex, routed);
            return;
        }
        switch (routed) {
            case Router.Failed failed -> deliver(ex, routeError(failed.error(), headers));
            case Router.Matched matched -> dispatch(ex, matched.match(), chunked, contentLength);
        }
    }

    private void dispatch(Exchange ex, RouteMatch match, boolean chunked, long contentLength) {
        switch (match.route()) {
            case HEALTH -> deliver(ex, endpoints.health(portIndex));
            case METRICS -> {
                if (services.options().metricsAuth()) {
                    authenticated(ex, match.route(), user -> asAdmin(ex, user, endpoints::metrics));
                } else {
                    onWorker(ex, endpoints::metrics);
                }
            }
            case LOAD_ERROR_LOG -> authenticated(ex, match.route(),
                    user -> asAdmin(ex, user, () -> endpoints.loadErrorLog(match)));
            case WAL_SIZE -> authenticated(ex, match.route(), user -> asAdmin(ex, user, () -> endpoints.walSize(match)));
            case STREAM_LOAD_2PC -> authenticated(ex, match.route(), user -> onWorker(ex,
                    () -> endpoints.twoPhaseCommit(match, user, ex.remoteHost, withoutSecrets(ex.headers))));
            case STREAM_LOAD_FORWARD -> {
                if (!services.options().enableGroupCommitStreamloadBeForward()) {
                    deliver(ex, Reply.text(403, ErrorCode.HTTP_FORWARD_DISABLED.format()));
                } else {
                    authenticated(ex, match.route(), user -> deliver(ex, Reply.text(501,
                            ErrorCode.HTTP_FORWARD_NOT_IMPLEMENTED.format(match.database(), match.table()))));
                }
            }
            case STREAM_LOAD -> authenticated(ex, match.route(),
                    user -> startStreamLoad(ex, match, user, chunked, contentLength));
        }
    }

    private void refuseOverConnectionLimit(Exchange ex, Router.Result routed) {
        String message = ErrorCode.HTTP_TOO_MANY_CONNECTIONS.format(services.connections().capacity());
        Reply reply;
        if (routed instanceof Router.Matched matched && matched.match().route() == Route.STREAM_LOAD) {
            services.metrics().loadRejected();
            reply = StreamLoadReplies.rejected(503, ex.headers, message);
        } else {
            reply = Reply.json(503, DorisJson.rest(503, "Service Unavailable", message));
        }
        ex.closeAfterReply = true;
        deliver(ex, reply);
    }

    /** Runs {@code endpoint} for an account with ADMIN_PRIV; others get 403 with MySQL's 1227 text. */
    private void asAdmin(Exchange ex, String user, Supplier<Reply> endpoint) {
        onWorker(ex, () -> services.access().hasAdminPrivilege(user, ex.remoteHost) ? endpoint.get()
                : Reply.json(403, DorisJson.rest(403, "Forbidden", ErrorCode.SPECIFIC_ACCESS_DENIED.format("ADMIN"))));
    }

    private void authenticated(Exchange ex, Route route, Consumer<String> next) {
        switch (services.auth().check(ex.headers.get("authorization"), ex.remoteHost)) {
            case BasicAuth.Allowed allowed -> next.accept(allowed.user());
            case BasicAuth.Missing missing -> unauthorized(ex, route, ErrorCode.HTTP_NO_AUTH.format());
            case BasicAuth.Denied denied -> unauthorized(ex, route, ErrorCode.ACCESS_DENIED.format(denied.user(),
                    ex.remoteHost, denied.passwordGiven() ? "YES" : "NO"));
        }
    }

    private void unauthorized(Exchange ex, Route route, String message) {
        Reply reply = route == Route.STREAM_LOAD
                ? StreamLoadReplies.rejected(401, ex.headers, message)
                : Reply.json(401, DorisJson.rest(401, "Unauthorized", message));
        if (route == Route.STREAM_LOAD) {
            services.metrics().loadRejected();
        }
        deliver(ex, reply.withHeader(HttpHeaderNames.WWW_AUTHENTICATE.toString(), BasicAuth.CHALLENGE));
    }

    private void startStreamLoad(Exchange ex, RouteMatch match, String user, boolean chunked, long contentLength) {
        long limit = services.options().streamingLoadMaxBytes();
        long jsonLimit = services.options().streamingLoadJsonMaxBytes();
        String refusal = null;
        int status = 400;
        if (!chunked && contentLength < 0) {
            refusal = ErrorCode.HTTP_NO_LENGTH.format();
        } else if (contentLength > jsonLimit && isWholeBodyJson(ex.headers)) {
            refusal = ErrorCode.LOAD_JSON_BODY_TOO_LARGE.format(contentLength, jsonLimit);
            status = 413;
        } else if (contentLength > limit) {
            refusal = ErrorCode.HTTP_BODY_TOO_LARGE.format(contentLength, limit);
            status = 413;
        } else if (!services.runningLoads().tryAcquire()) {
            refusal = ErrorCode.HTTP_TOO_MANY_LOADS.format(services.runningLoads().capacity());
            status = 503;
        }
        if (refusal != null) {
            services.metrics().loadRejected();
            deliver(ex, StreamLoadReplies.rejected(status, ex.headers, refusal));
            return;
        }
        StreamLoadRequest request = new StreamLoadRequest(user, ex.remoteHost, match.database(), match.table(),
                withoutSecrets(ex.headers), chunked ? -1 : Math.max(0, contentLength));
        BodyStream body = new BodyStream(new ExchangeFlow(ex), HIGH_WATER, LOW_WATER);
        ex.body = body;
        ex.limit = limit;
        if (ex.expectContinue) {
            // only now: auth and URL passed, so the client may send the body
            ctx.writeAndFlush(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.CONTINUE,
                    Unpooled.EMPTY_BUFFER));
            ex.continueSent = true;
        }
        services.metrics().loadStarted();
        long started = System.nanoTime();
        Runnable load = () -> services.workers().newThread(() -> runLoad(ex, request, body, started)).start();
        if (!chunked && contentLength > 0 && contentLength <= WHOLE_BODY_FIRST) {
            ex.deferredLoad = load;
        } else {
            load.run();
        }
    }

    /** The body is complete (or failed): the load waiting for it starts. */
    private void startDeferredLoad(Exchange ex) {
        Runnable load = ex.deferredLoad;
        if (load != null) {
            ex.deferredLoad = null;
            load.run();
        }
    }

    /** The body can never be completed: the load reads the failure (and answers, and frees its place). */
    private void failBody(Exchange ex, IOException cause) {
        ex.body.fail(cause);
        startDeferredLoad(ex);
    }

    /**
     * On a worker thread: the load reads the body; the thread ends there. The load's end (on this thread, or on
     * the event loop, to which group commit's WAL syncer or committer hands a load that waited for its fsync or
     * commit) frees its place and sends its reply: no thread stays parked while a load waits.
     */
    private void runLoad(Exchange ex, StreamLoadRequest request, BodyStream body, long startedNanos) {
        CompletableFuture<StreamLoadResult> outcome;
        try {
            outcome = services.loads().streamLoadAsync(request, body, ctx.executor());
        } catch (Throwable e) {
            finishLoad(ex, request, body, startedNanos, null, e);
            if (e instanceof Error error) {
                throw error;
            }
            return;
        } finally {
            body.close();
        }
        outcome.whenComplete((result, failure) -> finishLoad(ex, request, body, startedNanos, result, failure));
    }

    /** The load ended: frees its place, counts it, sends the reply. */
    private void finishLoad(Exchange ex, StreamLoadRequest request, BodyStream body, long startedNanos,
            StreamLoadResult loaded, Throwable failure) {
        services.runningLoads().release();
        reply(ex, request, body, startedNanos, loaded, failure);
    }

    private void reply(Exchange ex, StreamLoadRequest request, BodyStream body, long startedNanos,
            StreamLoadResult loaded, Throwable failure) {
        Throwable cause = Failures.unwrap(failure);
        StreamLoadResult result;
        if (cause instanceof ShoalException || cause instanceof UncheckedIOException) {
            result = StreamLoadReplies.failed(ex.headers, failureMessage((RuntimeException) cause, body),
                    body.bytesRead());
        } else if (cause != null) {
            LOG.warn("Stream Load into {}.{} failed unexpectedly", request.database(), request.table(), cause);
            result = StreamLoadReplies.failed(ex.headers,
                    body.failure() != null ? body.failure().getMessage()
                            : ErrorCode.INTERNAL_ERROR.format(cause.toString()), body.bytesRead());
        } else if (loaded == null) {
            result = StreamLoadReplies.failed(ex.headers, ErrorCode.INTERNAL_ERROR.format("no load result"),
                    body.bytesRead());
        } else {
            result = loaded;
        }
        long millis = (System.nanoTime() - startedNanos) / 1_000_000;
        services.metrics().loadFinished(result.status(), millis, result.numberLoadedRows(), result.loadBytes());
        Reply reply = Reply.json(200, DorisJson.streamLoad(result));
        if (ctx.executor().inEventLoop()) {
            deliver(ex, reply);
        } else {
            deliverLater(ex, reply);
        }
    }

    /**
     * Whether the body is read whole as one JSON document, so Doris's {@code streaming_load_json_max_mb} bounds its
     * Content-Length: JSON without {@code read_json_by_line}, where leaving out both it and
     * {@code strip_outer_array} means one document per line (the decoder's rule, see {@code LoadOptions}).
     */
    private static boolean isWholeBodyJson(Map<String, String> headers) {
        String format = headers.get("format");
        if (format == null || !format.strip().equalsIgnoreCase("json")) {
            return false;
        }
        String byLine = headers.get("read_json_by_line");
        String strip = headers.get("strip_outer_array");
        boolean neither = (byLine == null || byLine.isBlank()) && (strip == null || strip.isBlank());
        return !neither && !(byLine != null && byLine.strip().equalsIgnoreCase("true"));
    }

    /** A body failure (client gone, stall, too large) explains a load failure better than its wrapper does. */
    private static String failureMessage(RuntimeException e, BodyStream body) {
        if (body.failure() != null) {
            return body.failure().getMessage();
        }
        if (e instanceof UncheckedIOException io && io.getCause() != null) {
            return io.getCause().getMessage();
        }
        return e.getMessage();
    }

    private void onContent(HttpContent content) {
        Exchange ex = exchange;
        if (ex == null || ex.requestComplete) {
            content.release();
            return;
        }
        if (content.decoderResult().isFailure()) {
            // a broken chunk: the decoder reads nothing more from this connection
            String why = ErrorCode.HTTP_MALFORMED_REQUEST.format(String.valueOf(content.decoderResult().cause()));
            content.release();
            ex.requestComplete = true;
            ex.closeAfterReply = true;
            if (ex.body != null) {
                failBody(ex, new IOException(why));
            } else if (ex.responded) {
                ctx.close();
            }
            return;
        }
        ByteBuf data = content.content();
        int n = data.readableBytes();
        boolean last = content instanceof LastHttpContent;
        if (ex.body != null && !ex.bodyRejected && !ex.responded) {
            ex.received += n;
            if (ex.received > ex.limit) {
                content.release();
                ex.bodyRejected = true;
                ex.closeAfterReply = true;
                failBody(ex, new IOException(ErrorCode.HTTP_BODY_TOO_LARGE.format(ex.received, ex.limit)));
            } else if (n > 0) {
                ex.body.offer(data); // the body stream owns (and releases) the buffer from here
            } else {
                content.release();
            }
        } else {
            content.release();
            ex.droppedBytes += n;
        }
        if (last) {
            ex.requestComplete = true;
            if (ex.body != null) {
                ex.body.finish();
                startDeferredLoad(ex);
            }
            if (ex.responded) {
                ctx.close(); // the reply went out before the body ended, with Connection: close
            } else if (ex.pending != null) {
                Reply reply = ex.pending;
                ex.pending = null;
                write(ex, reply);
            }
        } else if (ex.responded && ex.droppedBytes > DISCARD_LIMIT
                && System.nanoTime() - ex.respondedAtNanos > LINGER_NANOS) {
            ctx.close();
        }
    }

    /** Event loop: the reply of {@code ex} is ready. */
    private void deliver(Exchange ex, Reply reply) {
        if (ex != exchange || ex.responded || !ctx.channel().isActive()) {
            return; // the connection closed, or the exchange was already answered
        }
        if (!ex.requestComplete && !ex.hasBody) {
            ex.pending = reply; // the (empty) end of the request is decoded right after: keep the connection
            return;
        }
        if (!ex.requestComplete) {
            ex.closeAfterReply = true;
            if (ex.body != null) {
                ex.body.close();
            }
        }
        write(ex, reply);
    }

    private void deliverLater(Exchange ex, Reply reply) {
        try {
            ctx.executor().execute(() -> deliver(ex, reply));
        } catch (RejectedExecutionException shuttingDown) {
            LOG.debug("reply dropped: the server is shutting down");
        }
    }

    private void write(Exchange ex, Reply reply) {
        FullHttpResponse response = reply.toResponse();
        boolean keepAlive = ex.keepAlive && ex.requestComplete && !ex.closeAfterReply;
        HttpUtil.setKeepAlive(response, keepAlive);
        ex.responded = true;
        ex.respondedAtNanos = System.nanoTime();
        ChannelFuture written = ctx.writeAndFlush(response);
        if (keepAlive) {
            exchange = null;
            bodyPaused = false;
            drainPipelined();
        } else if (ex.requestComplete || (ex.expectContinue && !ex.continueSent)) {
            written.addListener(ChannelFutureListener.CLOSE);
        } else {
            bodyPaused = false; // keep reading, to drop the rest of the body before closing
            updateAutoRead();
        }
    }

    private void onWorker(Exchange ex, Supplier<Reply> call) {
        services.workers().newThread(() -> {
            Reply reply;
            try {
                reply = call.get();
            } catch (RuntimeException e) {
                LOG.warn("HTTP endpoint failed", e);
                reply = Reply.json(500, DorisJson.rest(500, "Internal Server Error",
                        ErrorCode.INTERNAL_ERROR.format(e.toString())));
            }
            deliverLater(ex, reply);
        }).start();
    }

    private Reply routeError(RouteError error, Map<String, String> headers) {
        if (error.route() == Route.STREAM_LOAD && error.httpStatus() == 400) {
            services.metrics().loadRejected();
            return StreamLoadReplies.rejected(400, headers, error.message());
        }
        Reply reply = Reply.json(error.httpStatus(), DorisJson.rest(error.httpStatus(),
                HttpResponseStatus.valueOf(error.httpStatus()).reasonPhrase(), error.message()));
        return error.allow() == null ? reply : reply.withHeader(HttpHeaderNames.ALLOW.toString(), error.allow());
    }

    private void rejectMalformed(Throwable cause) {
        Reply reply;
        if (cause instanceof StrictRequestDecoder.AmbiguousLengthException) {
            services.metrics().loadRejected();
            reply = StreamLoadReplies.rejected(400, Map.of(), ErrorCode.HTTP_BOTH_LENGTHS.format());
        } else if (cause instanceof TooLongHttpHeaderException) {
            reply = Reply.json(431, DorisJson.rest(431, "Request Header Fields Too Large",
                    ErrorCode.HTTP_HEADERS_TOO_LARGE.format(maxHeaderBytes)));
        } else if (cause instanceof TooLongHttpLineException || cause instanceof TooLongFrameException) {
            reply = Reply.json(414, DorisJson.rest(414, "URI Too Long",
                    ErrorCode.HTTP_HEADERS_TOO_LARGE.format(maxHeaderBytes)));
        } else {
            reply = Reply.json(400, DorisJson.rest(400, "Bad Request",
                    ErrorCode.HTTP_MALFORMED_REQUEST.format(String.valueOf(cause.getMessage()))));
        }
        // the decoder ignores the rest of this connection's bytes, so answer and close
        FullHttpResponse response = reply.toResponse();
        HttpUtil.setKeepAlive(response, false);
        Exchange ex = exchange;
        if (ex != null) {
            ex.responded = true;
            ex.closeAfterReply = true;
        }
        ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext context, Object event) throws Exception {
        if (!(event instanceof IdleStateEvent idle) || idle.state() != IdleState.READER_IDLE) {
            super.userEventTriggered(context, event);
            return;
        }
        Exchange ex = exchange;
        if (ex == null) {
            if (pipelined.isEmpty()) {
                context.close(); // an idle keep-alive connection
            }
            return;
        }
        if (ex.requestComplete || bodyPaused) {
            return; // the load is working (sync group commit may wait long), or we stopped reading ourselves
        }
        long millis = services.options().bodyIdleTimeout().toMillis();
        if (ex.body != null && !ex.responded) {
            ex.closeAfterReply = true;
            failBody(ex, new IOException(ErrorCode.HTTP_BODY_STALLED.format(millis, ex.received)));
        } else {
            context.close();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext context) throws Exception {
        if (admitted) {
            admitted = false;
            services.connections().release();
        }
        Exchange ex = exchange;
        if (ex != null && ex.body != null && !ex.requestComplete) {
            failBody(ex, new IOException(ErrorCode.HTTP_CLIENT_GONE.format(ex.received,
                    ex.headers.containsKey("content-length") ? ex.headers.get("content-length") : "unknown")));
        }
        Object queued;
        while ((queued = pipelined.poll()) != null) {
            ReferenceCountUtil.release(queued);
        }
        super.channelInactive(context);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
        if (cause instanceof IOException) {
            LOG.debug("HTTP connection error from {}", remoteHost(), cause); // resets are routine
        } else {
            LOG.warn("HTTP connection error from {}", remoteHost(), cause);
        }
        failBody(new IOException(ErrorCode.HTTP_CLIENT_GONE.format(exchange == null ? 0 : exchange.received,
                "unknown"), cause));
        context.close();
    }

    private void failBody(IOException cause) {
        Exchange ex = exchange;
        if (ex != null && ex.body != null && !ex.requestComplete) {
            failBody(ex, cause);
        }
    }

    private void drainPipelined() {
        List<Object> queued = new ArrayList<>(pipelined);
        pipelined.clear();
        updateAutoRead();
        for (Object msg : queued) {
            channelRead(ctx, msg);
        }
    }

    private void updateAutoRead() {
        boolean wanted = pipelined.isEmpty() && !bodyPaused;
        if (ctx.channel().config().isAutoRead() != wanted) {
            ctx.channel().config().setAutoRead(wanted);
        }
    }

    /** Back-pressure of one exchange's body: follows the body's own paused flag, on the event loop. */
    private final class ExchangeFlow implements FlowControl {
        private final Exchange ex;

        ExchangeFlow(Exchange ex) {
            this.ex = ex;
        }

        @Override
        public void pause() {
            sync();
        }

        @Override
        public void resume() {
            sync();
        }

        private void sync() {
            if (ctx.executor().inEventLoop()) {
                apply();
            } else {
                try {
                    ctx.executor().execute(this::apply);
                } catch (RejectedExecutionException shuttingDown) {
                    // the connection goes away with its event loop
                }
            }
        }

        private void apply() {
            // read the body's state now rather than trusting the order of queued pause/resume calls
            if (exchange == ex && !ex.responded) {
                bodyPaused = ex.body.paused();
                updateAutoRead();
            }
        }
    }

    private static Map<String, String> lowerCasedHeaders(HttpRequest request) {
        Map<String, String> headers = new LinkedHashMap<>();
        for (Map.Entry<String, String> header : request.headers()) {
            headers.putIfAbsent(header.getKey().toLowerCase(Locale.ROOT), header.getValue());
        }
        return headers;
    }

    /** The headers handed to the load service: without the password. */
    private static Map<String, String> withoutSecrets(Map<String, String> headers) {
        Map<String, String> copy = new LinkedHashMap<>(headers);
        copy.remove("authorization");
        return copy;
    }

    private String remoteHost() {
        SocketAddress address = ctx.channel().remoteAddress();
        if (address instanceof InetSocketAddress inet) {
            return inet.getAddress() != null ? inet.getAddress().getHostAddress() : inet.getHostString();
        }
        return String.valueOf(address);
    }
}
