package io.shoaldb.protocol.http.handler;

import io.shoaldb.api.StreamLoadResult;
import io.shoaldb.protocol.http.json.DorisJson;
import java.util.Map;
import java.util.UUID;

/**
 * Stream Load failures that the HTTP layer itself reports (auth, URL, length, body), in the same JSON shape
 * as a load result so that clients that parse {@code Status}/{@code Message} need no second code path.
 */
final class StreamLoadReplies {
    private StreamLoadReplies() {
    }

    /** A {@code Status: "Fail"} result as Doris's BE renders a load that never got a transaction. */
    static StreamLoadResult failed(Map<String, String> headers, String message, long loadBytes) {
        String label = headers.get("label");
        if (label == null || label.isEmpty()) {
            label = UUID.randomUUID().toString(); // Doris generates one for every load, failed or not
        }
        String comment = headers.getOrDefault("comment", "");
        boolean twoPhase = "true".equalsIgnoreCase(headers.get("two_phase_commit"));
        return new StreamLoadResult(-1, label, comment, false, twoPhase, "Fail", null, message, 0, 0, 0, 0, loadBytes,
                0, 0, 0, 0, 0, 0, 0, null, null);
    }

    static Reply rejected(int httpStatus, Map<String, String> headers, String message) {
        return Reply.json(httpStatus, DorisJson.streamLoad(failed(headers, message, 0)));
    }
}
