package io.shoaldb.server.statement;

import io.shoaldb.api.RowListResult;
import io.shoaldb.api.StatementResult;
import io.shoaldb.server.expression.LikeMatcher;
import io.shoaldb.server.infoschema.CharacterSets;
import io.shoaldb.server.infoschema.ProcessList;
import io.shoaldb.server.session.ShoalSession;
import io.shoaldb.server.session.Warning;
import io.shoaldb.sql.tree.SqlShowSimple;
import io.shoaldb.sql.tree.SqlShowWarnings;
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
            case COLLATION -> {
                TextTable table = new TextTable("Collation", "Charset", "Id", "Default", "Compiled", "Sortlen");
                CharacterSets.COLLATIONS.forEach(c -> table.row(c.name(), c.charset(), Integer.toString(c.id()),
                        c.isDefault() ? "Yes" : "", "Yes", Integer.toString(c.sortLength())));
                yield table.resultWhereFirstColumn(like);
            }
            case CHARSET -> {
                TextTable table = new TextTable("Charset", "Description", "Default collation", "Maxlen");
                CharacterSets.CHARACTER_SETS.forEach(c -> table.row(c.name(), c.description(), c.defaultCollation(),
                        Integer.toString(c.maxLength())));
                yield table.resultWhereFirstColumn(like);
            }
            case ENGINES -> {
                TextTable table = new TextTable("Engine", "Support", "Comment", "Transactions", "XA", "Savepoints");
                CharacterSets.ENGINES.forEach(e -> table.row(e.name(), e.support(), e.comment(), e.transactions(),
                        e.xa(), e.savepoints()));
                yield table.resultWhereFirstColumn(like);
            }
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
        for (ProcessList.Entry e : ProcessList.of(server.sessions())) {
            String info = e.info();
            if (!admin && !e.user().equals(self.user())) {
                continue;
            }
            if (info != null && !full && info.length() > PROCESSLIST_INFO_CHARS) {
                info = info.substring(0, PROCESSLIST_INFO_CHARS);
            }
            table.row(Long.toString(e.id()), e.user(), e.host(), e.database(), e.command(), Long.toString(e.seconds()),
                    e.state(), info);
        }
        return table.result();
    }
}
