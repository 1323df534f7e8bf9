package io.shoaldb.protocol.http.handler;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * A complete response, built off the event loop and turned into Netty objects only when written.
 *
 * @param extraHeaders e.g. {@code WWW-Authenticate} or {@code Allow}
 */
record Reply(int status, String contentType, String body, Map<String, String> extraHeaders) {
    static final String JSON = "application/json; charset=utf-8";
    static final String TEXT = "text/plain; charset=utf-8";

    static Reply json(int status, String body) {
        return new Reply(status, JSON, body, Map.of());
    }

    static Reply text(int status, String body) {
        return new Reply(status, TEXT, body, Map.of());
    }

    Reply withHeader(String name, String value) {
        Map<String, String> headers = new java.util.LinkedHashMap<>(extraHeaders);
        headers.put(name, value);
        return new Reply(status, contentType, body, headers);
    }

    FullHttpResponse toResponse() {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                HttpResponseStatus.valueOf(status), Unpooled.wrappedBuffer(bytes));
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, contentType);
        response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, bytes.length);
        extraHeaders.forEach((name, value) -> response.headers().set(name, value));
        return response;
    }
}
