package io.shoaldb.server.streamload;

import io.shoaldb.catalog.model.GroupCommitMode;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The transaction-level headers of a Stream Load (the data-format ones are {@code LoadOptions}'s). Headers
 * whose feature ShoalDB does not have are refused here with a clear error rather than silently ignored,
 * because ignoring them would load different data than the client asked for ({@code merge_type:
 * DELETE}, named partitions, sequence or hidden columns, {@code negative}).
 *
 * @param label the user's label, or null
 * @param comment the {@code comment} header ("" when absent), echoed in the reply
 * @param timeout the transaction timeout ({@code timeout} header in seconds, else the node default)
 * @param twoPhaseCommit {@code two_phase_commit: true}
 * @param groupCommit the {@code group_commit} header, or null when absent (the table property decides)
 * @param partialUpdate {@code partial_columns: true} or {@code unique_key_update_mode} UPDATE_FIXED/FLEXIBLE_COLUMNS
 * @param compressType {@code compress_type} lower-cased, or null
 */
record LoadHeaders(String label, String comment, Duration timeout, boolean twoPhaseCommit, GroupCommitMode groupCommit,
        boolean partialUpdate, String compressType) {
    /** Doris's FE label rule (FeNameFormat). */
    private static final Pattern LABEL = Pattern.compile("^[-_A-Za-z0-9:]{1,128}$");
    private static final long MAX_TIMEOUT_SECONDS = 259200;

    static LoadHeaders parse(Map<String, String> headers, Duration defaultTimeout) {
        String label = blankToNull(headers.get("label"));
        if (label != null && !LABEL.matcher(label).matches()) {
            throw invalid("Label format error. regex: ^[-_A-Za-z0-9:]{1,128}$, label: " + label);
        }
        String comment = headers.getOrDefault("comment", "");
        GroupCommitMode groupCommit = null;
        String gc = blankToNull(headers.get("group_commit"));
        if (gc != null) {
            groupCommit = GroupCommitMode.parse(gc)
                    .orElseThrow(() -> invalid("group_commit can only be [async_mode, sync_mode, off_mode]"));
        }
        String updateMode = blankToNull(headers.get("unique_key_update_mode"));
        boolean partial = isTrue(headers.get("partial_columns"));
        if (updateMode != null) {
            partial = switch (updateMode.toUpperCase(Locale.ROOT)) {
                case "UPSERT" -> false;
                case "UPDATE_FIXED_COLUMNS", "UPDATE_FLEXIBLE_COLUMNS" -> true;
                default -> throw invalid("Invalid unique_key_update_mode " + updateMode
                        + ", must be one of 'UPSERT', 'UPDATE_FIXED_COLUMNS' or 'UPDATE_FLEXIBLE_COLUMNS'");
            };
        }
        refuseUnsupported(headers);
        String compress = blankToNull(headers.get("compress_type"));
        return new LoadHeaders(label, comment, timeout(headers.get("timeout"), defaultTimeout),
                isTrue(headers.get("two_phase_commit")), groupCommit, partial,
                compress == null ? null : compress.toLowerCase(Locale.ROOT));
    }

    /** Doris's rule: any given group_commit header wins over the table property. */
    GroupCommitMode modeOr(GroupCommitMode tableProperty) {
        return groupCommit != null ? groupCommit : tableProperty;
    }

    private static Duration timeout(String value, Duration defaultTimeout) {
        String v = blankToNull(value);
        if (v == null) {
            return defaultTimeout;
        }
        try {
            long seconds = Long.parseLong(v);
            if (seconds >= 1 && seconds <= MAX_TIMEOUT_SECONDS) {
                return Duration.ofSeconds(seconds);
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw invalid("Invalid timeout format, timeout=" + value + ", it must be an integer between 1 and "
                + MAX_TIMEOUT_SECONDS + " seconds");
    }

    private static void refuseUnsupported(Map<String, String> headers) {
        String mergeType = blankToNull(headers.get("merge_type"));
        if (mergeType != null) {
            switch (mergeType.toUpperCase(Locale.ROOT)) {
                case "APPEND" -> { }
                case "DELETE", "MERGE" -> throw ErrorCode.NOT_SUPPORTED.exception("merge_type " + mergeType);
                default -> throw invalid("Invalid merge type " + mergeType + ", must be APPEND, DELETE or MERGE");
            }
        }
        if (blankToNull(headers.get("delete")) != null) {
            throw invalid("delete condition is only allowed with merge_type MERGE");
        }
        for (String name : new String[] {"partitions", "temporary_partitions", "function_column.sequence_col",
                "hidden_columns"}) {
            if (blankToNull(headers.get(name)) != null) {
                throw ErrorCode.NOT_SUPPORTED.exception("the Stream Load header '" + name + "'");
            }
        }
        if (isTrue(headers.get("negative"))) {
            throw ErrorCode.NOT_SUPPORTED.exception("negative Stream Loads");
        }
    }

    private static boolean isTrue(String value) {
        return value != null && value.strip().equalsIgnoreCase("true");
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }

    private static ShoalException invalid(String message) {
        return ErrorCode.LOAD_INVALID_ARGUMENT.exception(message);
    }
}
