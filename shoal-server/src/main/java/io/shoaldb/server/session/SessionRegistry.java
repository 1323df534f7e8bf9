package io.shoaldb.server.session;

import java.util.Collection;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/** The open sessions, for SHOW PROCESSLIST and shutdown. */
public final class SessionRegistry {
    private final ConcurrentHashMap<Long, ShoalSession> sessions = new ConcurrentHashMap<>();

    public void add(ShoalSession session) {
        sessions.put(session.connectionId(), session);
    }

    public void remove(ShoalSession session) {
        sessions.remove(session.connectionId(), session);
    }

    /** The session of connection {@code connectionId}, or null. */
    public ShoalSession find(long connectionId) {
        return sessions.get(connectionId);
    }

    public Collection<ShoalSession> all() {
        return List.copyOf(sessions.values());
    }
}
