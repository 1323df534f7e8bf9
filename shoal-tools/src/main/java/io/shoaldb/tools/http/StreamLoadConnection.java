package io.shoaldb.tools.http;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.apache.hc.client5.http.classic.methods.HttpPut;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.DefaultRedirectStrategy;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.BasicHttpClientConnectionManager;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.http.protocol.HttpContext;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;

/**
 * One persistent HTTP/1.1 connection that sends Stream Load requests as Doris's clients (curl, the Doris streamloader)
 * do: {@code PUT} with the body's exact length, Basic authorization, {@code Expect: 100-continue} (the server may
 * refuse a load before its body is sent), redirects followed with the body and headers sent again, like curl's
 * {@code --location-trusted} (Doris's front end redirects loads to a back end). Apache HttpClient's classic,
 * blocking client on a single-connection manager: one instance per stream, used by one thread at a time, and no
 * executor, selector or futures per request, so a small request costs its sender little CPU on a machine it shares
 * with the server it measures.
 *
 * <p>The library never retries a request by itself: a load without a label is not idempotent, so whether to send it
 * again is the caller's decision.
 */
public final class StreamLoadConnection implements AutoCloseable {
    /** The server's answer: its status code and its body (a Stream Load's JSON result). */
    public record Reply(int status, String body) {
    }

    /** A connection idle for longer than this is checked before it is reused (the server may have closed it). */
    private static final TimeValue VALIDATE_AFTER_IDLE = TimeValue.ofSeconds(1);

    private final CloseableHttpClient client;

    /**
     * @param connectTimeout how long to wait for the TCP connection
     * @param responseTimeout how long to wait for the reply (and between its bytes) once the body is sent
     */
    public StreamLoadConnection(Duration connectTimeout, Duration responseTimeout) {
        BasicHttpClientConnectionManager connections = new BasicHttpClientConnectionManager();
        connections.setConnectionConfig(ConnectionConfig.custom()
                .setConnectTimeout(Timeout.of(connectTimeout))
                .setValidateAfterInactivity(VALIDATE_AFTER_IDLE)
                .build());
        client = HttpClients.custom()
                .setConnectionManager(connections)
                .setDefaultRequestConfig(RequestConfig.custom()
                        .setExpectContinueEnabled(true)
                        .setRedirectsEnabled(true)
                        .setResponseTimeout(Timeout.of(responseTimeout))
                        .build())
                .setRedirectStrategy(new TrustedRedirects())
                .disableAutomaticRetries()
                .disableContentCompression()
                .disableCookieManagement()
                .disableAuthCaching()
                .build();
    }

    /**
     * Sends {@code length} bytes of {@code data} from {@code offset} as the body of a {@code PUT} to {@code uri}.
     * Throws {@link java.net.ConnectException} when no connection could be made (nothing was sent), another
     * {@link IOException} when the request's fate is unknown.
     */
    public Reply put(URI uri, String authorization, Map<String, String> headers, byte[] data, int offset, int length)
            throws IOException {
        HttpPut put = new HttpPut(uri);
        put.setHeader("Authorization", authorization);
        headers.forEach(put::setHeader);
        put.setEntity(new ByteArrayEntity(data, offset, length, null));
        return client.execute(put, response -> {
            HttpEntity body = response.getEntity();
            return new Reply(response.getCode(), body == null ? "" : EntityUtils.toString(body, StandardCharsets.UTF_8));
        });
    }

    @Override
    public void close() throws IOException {
        client.close();
    }

    /**
     * Follows a redirect to another host with the Authorization header, as curl's {@code --location-trusted} does
     * for Doris's front end; the library's default refuses to carry credentials to another authority.
     */
    private static final class TrustedRedirects extends DefaultRedirectStrategy {
        @Override
        public boolean isRedirectAllowed(HttpHost currentTarget, HttpHost newTarget, HttpRequest redirect,
                HttpContext context) {
            return true;
        }
    }
}
