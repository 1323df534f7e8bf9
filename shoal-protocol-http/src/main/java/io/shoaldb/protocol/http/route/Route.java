package io.shoaldb.protocol.http.route;

/** The endpoints of the HTTP front door. */
public enum Route {
    /** {@code PUT /api/{db}/{table}/_stream_load}. */
    STREAM_LOAD,
    /** {@code PUT /api/{db}/_stream_load_2pc} (also with a table segment, as Doris's FE accepts). */
    STREAM_LOAD_2PC,
    /** {@code PUT /api/{db}/{table}/_stream_load_forward?forward_to=host:port}. */
    STREAM_LOAD_FORWARD,
    /** {@code GET /api/_load_error_log?file=...}. */
    LOAD_ERROR_LOG,
    /** {@code GET /api/get_wal_size[?host_ports=...]}. */
    WAL_SIZE,
    /** {@code GET /api/health}. */
    HEALTH,
    /** {@code GET /metrics}. */
    METRICS
}
