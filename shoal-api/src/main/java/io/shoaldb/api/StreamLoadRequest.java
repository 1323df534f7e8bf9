package io.shoaldb.api;

import java.util.Map;

/**
 * One Stream Load request.
 *
 * @param user the authenticated user
 * @param clientHost the client's address, which (with the user) picks the account whose privileges apply
 * @param database the database from the URL
 * @param table the table from the URL
 * @param headers the request headers, names lower-cased (Doris's load options: label, column_separator...)
 * @param contentLength the body size, or -1 for a chunked body of unknown size
 */
public record StreamLoadRequest(String user, String clientHost, String database, String table, Map<String, String> headers,
        long contentLength) {
    public StreamLoadRequest {
        headers = Map.copyOf(headers);
    }

    public String header(String name) {
        return headers.get(name);
    }
}
