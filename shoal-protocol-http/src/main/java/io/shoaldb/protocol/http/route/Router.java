package io.shoaldb.protocol.http.route;

import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Maps a method and request URI to an endpoint. The raw path is split on '/' before anything is decoded,
 * so the shape of the path is decided by the bytes the client sent, never by what a name decodes to.
 */
public final class Router {
    private Router() {
    }

    /** Either a {@link RouteMatch} or a {@link RouteError}. */
    public sealed interface Result permits Matched, Failed {
    }

    public record Matched(RouteMatch match) implements Result {
    }

    public record Failed(RouteError error) implements Result {
    }

    public static Result route(HttpMethod method, String uri) {
        QueryStringDecoder decoder;
        try {
            decoder = new QueryStringDecoder(uri, StandardCharsets.UTF_8, true);
            decoder.parameters(); // decode now, so a bad escape in the query is a 400 here, not later
        } catch (IllegalArgumentException bad) {
            return new Failed(new RouteError(400, ErrorCode.HTTP_MALFORMED_REQUEST,
                    ErrorCode.HTTP_MALFORMED_REQUEST.format("bad URI: " + PathNames.printable(uri)), null, null));
        }
        String rawPath = decoder.rawPath();
        Map<String, List<String>> query = decoder.parameters();
        List<String> segments = segments(rawPath);
        int n = segments.size();

        if (n == 1 && segments.get(0).equals("metrics")) {
            return only(method, HttpMethod.GET, new RouteMatch(Route.METRICS, null, null, query), rawPath);
        }
        if (n < 2 || !segments.get(0).equals("api")) {
            return notFound(rawPath);
        }
        String last = segments.get(n - 1);
        if (n == 2) {
            return switch (last) {
                case "health" -> only(method, HttpMethod.GET, new RouteMatch(Route.HEALTH, null, null, query), rawPath);
                case "get_wal_size" ->
                    only(method, HttpMethod.GET, new RouteMatch(Route.WAL_SIZE, null, null, query), rawPath);
                case "_load_error_log" ->
                    only(method, HttpMethod.GET, new RouteMatch(Route.LOAD_ERROR_LOG, null, null, query), rawPath);
                default -> notFound(rawPath);
            };
        }
        Route route = switch (last) {
            case "_stream_load" -> n == 4 ? Route.STREAM_LOAD : null;
            case "_stream_load_forward" -> n == 4 ? Route.STREAM_LOAD_FORWARD : null;
            case "_stream_load_2pc" -> n == 3 || n == 4 ? Route.STREAM_LOAD_2PC : null;
            default -> null;
        };
        if (route == null) {
            return notFound(rawPath);
        }
        if (!method.equals(HttpMethod.PUT)) {
            return methodNotAllowed(method, rawPath, HttpMethod.PUT, route);
        }
        try {
            String database = PathNames.decode(segments.get(1), ErrorCode.WRONG_DB_NAME);
            String table = n == 4 ? PathNames.decode(segments.get(2), ErrorCode.WRONG_TABLE_NAME) : null;
            return new Matched(new RouteMatch(route, database, table, query));
        } catch (ShoalException badName) {
            return new Failed(new RouteError(400, badName.code(), badName.getMessage(), route, null));
        }
    }

    /** The path's segments; empty segments (a doubled or trailing '/') are kept so they fail to match. */
    private static List<String> segments(String rawPath) {
        String path = rawPath.startsWith("/") ? rawPath.substring(1) : rawPath;
        return List.of(path.split("/", -1));
    }

    private static Result only(HttpMethod method, HttpMethod allowed, RouteMatch match, String rawPath) {
        return method.equals(allowed) ? new Matched(match) : methodNotAllowed(method, rawPath, allowed, match.route());
    }

    private static Result notFound(String rawPath) {
        return new Failed(new RouteError(404, ErrorCode.HTTP_NOT_FOUND,
                ErrorCode.HTTP_NOT_FOUND.format(PathNames.printable(rawPath)), null, null));
    }

    private static Result methodNotAllowed(HttpMethod method, String rawPath, HttpMethod allowed, Route route) {
        return new Failed(new RouteError(405, ErrorCode.HTTP_METHOD_NOT_ALLOWED,
                ErrorCode.HTTP_METHOD_NOT_ALLOWED.format(PathNames.printable(method.name()),
                        PathNames.printable(rawPath), allowed.name()), route, allowed.name()));
    }
}
