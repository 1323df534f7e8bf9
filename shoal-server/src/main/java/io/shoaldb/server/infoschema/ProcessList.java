package io.shoaldb.server.infoschema;

import io.shoaldb.server.session.SessionActivity;
import io.shoaldb.server.session.SessionRegistry;
import io.shoaldb.server.session.ShoalSession;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** The open sessions and what each is doing, in connection order: SHOW PROCESSLIST and information_schema.processlist. */
public final class ProcessList {
    /** One session; {@code info} is the running statement in full, or null. */
    public record Entry(long id, String user, String host, String database, String command, long seconds,
            String state, String info) {
    }

    private ProcessList() {
    }

    public static List<Entry> of(SessionRegistry sessions) {
        List<ShoalSession> all = new ArrayList<>(sessions.all());
        all.sort(Comparator.comparingLong(ShoalSession::connectionId));
        List<Entry> entries = new ArrayList<>(all.size());
        for (ShoalSession session : all) {
            SessionActivity.Snapshot now = session.activity().snapshot();
            entries.add(new Entry(session.connectionId(), session.user(), session.remoteHost(),
                    session.currentDatabase(), now.command(), now.seconds(), now.state(), now.statement()));
        }
        return entries;
    }

    static InfoTable table(SessionRegistry sessions, Visibility visibility) {
        return new InfoTable("processlist", List.of(InfoTable.number("ID"), InfoTable.text("USER"),
                InfoTable.text("HOST"), InfoTable.nullableText("DB"), InfoTable.text("COMMAND"),
                InfoTable.number("TIME"), InfoTable.nullableText("STATE"), InfoTable.nullableText("INFO")),
                () -> InfoTable.rows(of(sessions).stream().filter(e -> visibility.sessionOf(e.user()))
                        .map(e -> new Object[] {e.id(), e.user(), e.host(), e.database(), e.command(), e.seconds(),
                                e.state(), e.info()})
                        .toList()));
    }
}
