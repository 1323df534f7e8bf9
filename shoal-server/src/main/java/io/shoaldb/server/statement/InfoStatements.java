package io.shoaldb.server.statement;

import io.shoaldb.api.RowListResult;
import io.shoaldb.api.StatementResult;
import io.shoaldb.server.expression.LikeMatcher;
import io.shoaldb.server.session.ShoalSession;
import io.shoaldb.server.session.Warning;
import io.shoaldb.sql.tree.SqlShowSimple;
import io.shoaldb.sql.tree.SqlShowWarnings;
import java.util.function.Predicate;

/** SHOW WARNINGS / ERRORS and the fixed-answer SHOWs clients and tools ask (collations, engines...). */
final class InfoStatements {
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

    StatementResult showSimple(SqlShowSimple statement) {
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
                    .row("Threads_connected", Integer.toString(server.sessions().all().size()))
                    .resultWhereFirstColumn(like);
            case PROCESSLIST, FULL_PROCESSLIST -> processList();
        };
    }

    private RowListResult processList() {
        TextTable table = new TextTable("Id", "User", "Host", "db", "Command", "Time", "State", "Info");
        for (ShoalSession session : server.sessions().all()) {
            table.row(Long.toString(session.connectionId()), session.user(), session.remoteHost(),
                    session.currentDatabase(), "Query", "0", "", "");
        }
        return table.result();
    }
}
