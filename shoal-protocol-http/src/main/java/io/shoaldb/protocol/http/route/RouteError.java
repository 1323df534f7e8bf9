package io.shoaldb.protocol.http.route;

import io.shoaldb.common.error.ErrorCode;

/**
 * Why a request matched no endpoint: unknown path (404), wrong method (405), or a path that names a database
 * or table that can never be valid (400).
 *
 * @param httpStatus 400, 404 or 405
 * @param route the endpoint the path belongs to when known (a bad name on a Stream Load path), else null
 * @param allow for 405: the method the path accepts
 */
public record RouteError(int httpStatus, ErrorCode code, String message, Route route, String allow) {
}
