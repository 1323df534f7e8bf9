package io.shoaldb.server.statement;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Optional;

/**
 * The profiles of the last queries run with {@code enable_profile}, newest first, for SHOW QUERY PROFILE. Bounded
 * (as Doris keeps a bounded number): each is some kilobytes of text, and the oldest is dropped first.
 */
final class QueryProfiles {
    static final int KEPT = 100;
    private final ArrayDeque<Entry> entries = new ArrayDeque<>();

    /** One profiled query: who ran what, when, how it ended, and the rendered pipelines with their counters. */
    record Entry(String queryId, String user, String database, String sql, Instant start, Instant end, String state,
                 List<String> lines) {
        Entry {
            lines = List.copyOf(lines);
        }
    }

    synchronized void add(Entry entry) {
        entries.addFirst(entry);
        if (entries.size() > KEPT) {
            entries.removeLast();
        }
    }

    synchronized List<Entry> newestFirst() {
        return List.copyOf(entries);
    }

    synchronized Optional<Entry> find(String queryId) {
        return entries.stream().filter(e -> e.queryId().equals(queryId)).findFirst();
    }
}
