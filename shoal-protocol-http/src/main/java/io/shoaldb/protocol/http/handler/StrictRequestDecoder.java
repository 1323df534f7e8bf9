package io.shoaldb.protocol.http.handler;

import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpRequestDecoder;

/**
 * Netty's request decoder, except that a request with both {@code Content-Length} and
 * {@code Transfer-Encoding: chunked} is refused instead of silently dropping the length: the framing is
 * ambiguous (the classic request-smuggling shape), and Doris refuses it too.
 */
final class StrictRequestDecoder extends HttpRequestDecoder {
    StrictRequestDecoder(HttpDecoderConfig config) {
        super(config);
    }

    @Override
    protected void handleTransferEncodingChunkedWithContentLength(HttpMessage message) {
        // thrown inside the decoder, it turns the request into an invalid one with this cause
        throw new AmbiguousLengthException();
    }

    /** Marks a request that had both length headers. */
    static final class AmbiguousLengthException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        AmbiguousLengthException() {
            super("both Content-Length and Transfer-Encoding");
        }
    }
}
