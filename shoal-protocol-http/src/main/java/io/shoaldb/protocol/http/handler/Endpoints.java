package io.shoaldb.protocol.http.handler;

import io.shoaldb.api.TwoPhaseCommitResult;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.protocol.http.HttpMetrics;
import io.shoaldb.protocol.http.json.DorisJson;
import io.shoaldb.protocol.http.route.RouteMatch;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The endpoints without a streamed body. Each returns a complete {@link Reply}; the ones that call the load
 * service may block and are run on a worker thread by the connection handler.
 */
final class Endpoints {
    private static final Logger LOG = LoggerFactory.getLogger(Endpoints.class);

    private final Services services;

    Endpoints(Services services) {
        this.services = services;
    }

    /** {@code _stream_load_2pc}: Doris answers 200 with {@code status}/{@code msg} for success and failure. */
    Reply twoPhaseCommit(RouteMatch match, String user, String clientHost, Map<String, String> headers) {
        try {
            TwoPhaseCommitResult result = services.loads().twoPhaseCommit(user, clientHost, match.database(), headers);
            if (result == null) {
                return Reply.json(200, DorisJson.statusMsg("Fail", ErrorCode.INTERNAL_ERROR.format("no 2PC result")));
            }
            return Reply.json(200, DorisJson.twoPhaseCommit(result));
        } catch (ShoalException e) {
            return Reply.json(200, DorisJson.statusMsg("Fail", e.getMessage()));
        } catch (RuntimeException e) {
            LOG.warn("two-phase commit on database {} failed", match.database(), e);
            return Reply.json(200, DorisJson.statusMsg("Fail", ErrorCode.INTERNAL_ERROR.format(e.toString())));
        }
    }

    /** {@code _load_error_log?file=}: the rejected rows as plain text, 404 when the file is unknown. */
    Reply loadErrorLog(RouteMatch match) {
        String file = match.param("file");
        if (file == null || file.isEmpty()) {
            return Reply.text(400, ErrorCode.HTTP_MISSING_PARAMETER.format("file"));
        }
        if (!isPlainRelativeFile(file)) {
            // the file name is only a key for the load service, but never let it look like a path trick
            return Reply.text(400, ErrorCode.INVALID_VALUE.format("invalid error log file name"));
        }
        String log = services.loads().loadErrorLog(file);
        if (log == null) {
            return Reply.text(404, ErrorCode.HTTP_NOT_FOUND.format("error log " + file));
        }
        return Reply.text(200, log);
    }

    /** {@code get_wal_size}: FE's envelope with {@code host:port:<count>} entries. */
    Reply walSize(RouteMatch match) {
        Map<String, Long> sizes = services.loads().walSizes();
        String hostPorts = match.param("host_ports");
        List<String> entries = new ArrayList<>();
        if (hostPorts == null || hostPorts.isBlank()) {
            sizes.forEach((hostPort, size) -> entries.add(hostPort + ":" + size));
        } else {
            for (String wanted : hostPorts.split(",")) {
                String hostPort = wanted.strip();
                if (hostPort.isEmpty()) {
                    continue;
                }
                Long size = sizes.get(hostPort);
                if (size == null) {
                    return Reply.json(400, DorisJson.rest(400, "Bad Request",
                            ErrorCode.INVALID_VALUE.format("backend not found: " + hostPort)));
                }
                entries.add(hostPort + ":" + size);
            }
        }
        return Reply.json(200, DorisJson.restList(0, "OK", entries));
    }

    /**
     * FE's shape on the first port (http_port), BE's on the others (webserver_port). 503 with the reasons
     * when the node cannot keep its durability promise (poisoned commit log, distressed WAL directory), so
     * a load balancer or operator stops sending it writes.
     */
    Reply health(int portIndex) {
        List<String> problems = services.loads().healthProblems();
        if (!problems.isEmpty()) {
            String why = String.join("; ", problems);
            LOG.warn("health check: unavailable: {}", why);
            return Reply.json(503, portIndex == 0 ? DorisJson.feUnhealthy(why, 1) : DorisJson.statusMsg("Unavailable", why));
        }
        if (portIndex == 0) {
            return Reply.json(200, DorisJson.feHealth(1, 1)); // one node: it is the only backend, and it is up
        }
        return Reply.json(200, "{\"status\": \"OK\",\"msg\": \"To Be Added\"}");
    }

    Reply metrics() {
        return new Reply(200, HttpMetrics.CONTENT_TYPE, services.metrics().scrape(), Map.of());
    }

    private static boolean isPlainRelativeFile(String file) {
        if (file.startsWith("/") || file.startsWith("\\") || file.length() > 1024) {
            return false;
        }
        for (String part : file.split("[/\\\\]", -1)) {
            if (part.isEmpty() || part.equals(".") || part.equals("..")) {
                return false;
            }
        }
        return file.chars().noneMatch(c -> c < 0x20 || c == 0x7f);
    }
}
