package io.shoaldb.server.statement;

import io.shoaldb.api.RowListResult;
import io.shoaldb.api.StatementResult;
import io.shoaldb.server.expression.LikeMatcher;
import io.shoaldb.server.session.SessionActivity;
import io.shoaldb.server.session.ShoalSession;
import io.shoaldb.server.session.Warning;
import io.shoaldb.sql.tree.SqlShowSimple;
import io.shoaldb.sql.tree.SqlShowWarnings;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;

/** SHOW WARNINGS / ERRORS and the fixed-answer SHOWs clients and tools ask (collations, engines...). */
final class InfoStatements {
    private static final int PROCESSLIST_INFO_CHARS = 100;
    private final ServerContext server;

    InfoStatements(ServerContext server) {
        this.server = server;
    }

    StatementResult showWarnings(ShoalSession session, SqlShowWarnings statement) {
        TextTable table = new TextTable("Level", "Code", "Message");
        for (Warning warning : session.warnings()) {
            if (!statement.errors() || "Error".equals(warning.level())) {
                table.row(warning.level(), Integer.toString(warning.code()), warning.message());
            }
        }
        return table.result();
    }

    /** {@code admin}: whether the session's account holds ADMIN_PRIV (SHOW PROCESSLIST lists every user then). */
    StatementResult showSimple(ShoalSession session, SqlShowSimple statement, boolean admin) {
        Predicate<String> like = LikeMatcher.compile(statement.likePattern(), true);
        return switch (statement.kind()) {
            case COLLATION -> new TextTable("Collation", "Charset", "Id", "Default", "Compiled", "Sortlen")
                    .row("utf8mb4_general_ci", "utf8mb4", "45", "Yes", "Yes", "1")
                    .row("utf8mb4_bin", "utf8mb4", "46", "", "Yes", "1")
                    .row("utf8_general_ci", "utf8", "33", "Yes", "Yes", "1")
                    .row("binary", "binary", "63", "Yes", "Yes", "1")
                    .resultWhereFirstColumn(like);
            case CHARSET -> new TextTable("Charset", "Description", "Default collation", "Maxlen")
                    .row("utf8mb4", "UTF-8 Unicode", "utf8mb4_general_ci", "4")
                    .row("utf8", "UTF-8 Unicode", "utf8_general_ci", "3")
                    .row("binary", "Binary pseudo charset", "binary", "1")
                    .resultWhereFirstColumn(like);
            case ENGINES -> new TextTable("Engine", "Support", "Comment", "Transactions", "XA", "Savepoints")
                    .row("OLAP", "DEFAULT", "ShoalDB columnar tables", "YES", "NO", "NO")
                    .resultWhereFirstColumn(like);
            case STATUS -> new TextTable("Variable_name", "Value")
                    .row("Ssl_cipher", session.tlsCipher() == null ? "" : session.tlsCipher())
                    .row("Threads_connected", Integer.toString(server.sessions().all().size()))
                    .resultWhereFirstColumn(like);
            case PROCESSLIST -> processList(session, false, admin);
            case FULL_PROCESSLIST -> processList(session, true, admin);
        };
    }

    /**
     * MySQL's columns; without FULL, Info is cut to its first 100 characters as MySQL does. Without ADMIN_PRIV a user
     * sees only their own connections, as in Doris.
     */
    private RowListResult processList(ShoalSession self, boolean full, boolean admin) {
        TextTable table = new TextTable("Id", "User", "Host", "db", "Command", "Time", "State", "Info");
        List<ShoalSession> sessions = new ArrayList<>(server.sessions().all());
        sessions.sort(Comparator.comparingLong(ShoalSession::connectionId));
        for (ShoalSession session : sessions) {
            if (!admin && !session.user().equals(self.user())) {
                continue;
            }
            SessionActivity.Snapshot now = session.activity().snapshot();
            String info = now.statement();
            if (info != null && !full && info.length() > PROCESSLIST_INFO_CHARS) {
                info = info.substring(0, PROCESSLIST_INFO_CHARS);
            }
            table.row(Long.toString(session.connectionId()), session.user(), session.remoteHost(),
                    session.currentDatabase(), now.command(), Long.toString(now.seconds()), now.state(), info);
        }
        return table.result();
    }
}
