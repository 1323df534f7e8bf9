package io.shoaldb.ingest.convert;

/**
 * A filtered row kept for the load's error log ({@code ErrorURL}) and {@code FirstErrorMsg}.
 *
 * @param rowNumber 1-based position among the rows the load read
 * @param reason Doris-style reason text
 * @param sourceLine the input as read (truncated to a bounded length), or "" when unknown
 */
public record RejectedRow(long rowNumber, String reason, String sourceLine) {
    /** One line of Doris's error log: {@code Reason: <reason>. src line [<line>]; }. */
    public String toErrorLogLine() {
        return "Reason: " + reason + ". src line [" + sourceLine + "]; ";
    }
}
