package io.shoaldb.api;

/**
 * A statement that returns no rows.
 *
 * @param affectedRows rows written (loaded rows for INSERT)
 * @param warnings warnings raised (filtered rows for INSERT), listed by SHOW WARNINGS
 * @param info the OK packet's info text (e.g. {@code {'label':'...', 'status':'VISIBLE', 'txnId':'7'}}), or empty
 */
public record UpdateResult(long affectedRows, int warnings, String info) implements StatementResult {
    public static final UpdateResult OK = new UpdateResult(0, 0, "");

    public UpdateResult {
        info = info == null ? "" : info;
    }
}
