package io.shoaldb.protocol.http.route;

import java.util.List;
import java.util.Map;

/**
 * A request that matched an endpoint with the right method.
 *
 * @param database the decoded, validated database name, or null when the path has none
 * @param table the decoded, validated table name, or null when the path has none
 * @param query the decoded query parameters
 */
public record RouteMatch(Route route, String database, String table, Map<String, List<String>> query) {
    public RouteMatch {
        query = Map.copyOf(query);
    }

    /** The first value of a query parameter, or null. */
    public String param(String name) {
        List<String> values = query.get(name);
        return values == null || values.isEmpty() ? null : values.getFirst();
    }
}
