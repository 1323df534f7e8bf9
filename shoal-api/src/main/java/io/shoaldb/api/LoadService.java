package io.shoaldb.api;

import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * Loads that arrive over HTTP (Stream Load). The HTTP protocol authenticates the user, validates the
 * URL, and hands the body over as a stream; everything about formats, group commit and transactions
 * happens behind this interface.
 */
public interface LoadService {
    /**
     * Runs one Stream Load to completion (or to its acknowledgement, for async group commit).
     *
     * @param body the request body, already decompressed by HTTP transfer coding but not by
     *     {@code compress_type}; reading it blocks until the client sends more
     * @return the outcome; failures that Doris reports inside the JSON (bad data, label reuse) are results
     *     with status {@code Fail}/{@code Label Already Exists}, not exceptions
     * @throws io.shoaldb.common.error.ShoalException for requests that cannot start (unknown table, no LOAD_PRIV
     *     on it...)
     */
    StreamLoadResult streamLoad(StreamLoadRequest request, InputStream body);

    /**
     * {@link #streamLoad} without a thread parked on the load's end: the call reads and decodes the body (and
     * may block doing so, or on the paths that cannot wait otherwise), then returns a future completed with the
     * result, or with the exception {@code streamLoad} would throw. A load that waits for a group-commit WAL
     * fsync or commit completes on {@code completions} (the WAL syncer or committer only hands it over); one
     * that ends while the call runs is complete on return.
     */
    default CompletableFuture<StreamLoadResult> streamLoadAsync(StreamLoadRequest request, InputStream body,
            Executor completions) {
        try {
            return CompletableFuture.completedFuture(streamLoad(request, body));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /**
     * {@code PUT /api/{db}/_stream_load_2pc}: commits or aborts a prepared two-phase load; the account of
     * {@code user} from {@code clientHost} needs LOAD_PRIV on the database.
     */
    TwoPhaseCommitResult twoPhaseCommit(String user, String clientHost, String database, Map<String, String> headers);

    /** The rejected rows of a load with their reasons, for {@code GET /api/_load_error_log?file=...}; null if unknown. */
    String loadErrorLog(String file);

    /** WAL bytes per backend for {@code GET /api/get_wal_size}, keyed by {@code host:port}. */
    Map<String, Long> walSizes();

    /**
     * Why this node cannot keep its durability promise now (poisoned commit log, distressed WAL directory...),
     * for {@code /api/health}; empty when healthy.
     */
    List<String> healthProblems();
}
