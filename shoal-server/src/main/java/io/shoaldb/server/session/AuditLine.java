package io.shoaldb.server.session;

/**
 * One statement's audit line, as the statement's thread left its facts: {@code conn= user= host= db= kind= time_us=
 * state=OK|ERR error_code= return_rows= scan_rows= scan_bytes= query_id= stmt=}, the statement last and on one line.
 * {@link AuditLineEncoder} writes it straight to bytes; any other Logback encoder gets the same text from
 * {@link #toString()}, the message of its {@link AuditEvent}.
 */
record AuditLine(long endedMillis, long connectionId, String user, String host, String database, String kind,
        String statement, long elapsedMicros, AuditLog.Outcome outcome) {

    /** Bytes a line takes besides its statement, user, host and database, as a first guess of its size. */
    static final int FIXED_BYTES = 160;

    void writeTo(Utf8Line out) {
        out.ascii("conn=").number(connectionId).ascii(" user=").text(user).ascii(" host=").text(host)
                .ascii(" db=").text(database == null ? "" : database).ascii(" kind=").text(kind)
                .ascii(" time_us=").number(elapsedMicros).ascii(outcome.errorCode() == 0 ? " state=OK" : " state=ERR")
                .ascii(" error_code=").number(outcome.errorCode())
                .ascii(" return_rows=").number(outcome.returnedRows())
                .ascii(" scan_rows=").number(outcome.scannedRows())
                .ascii(" scan_bytes=").number(outcome.scannedBytes())
                .ascii(" query_id=").text(outcome.queryId()).ascii(" stmt=").oneLine(statement);
    }

    int expectedBytes() {
        return FIXED_BYTES + statement.length();
    }

    @Override
    public String toString() {
        Utf8Line line = new Utf8Line(expectedBytes());
        writeTo(line);
        return line.toString();
    }
}
