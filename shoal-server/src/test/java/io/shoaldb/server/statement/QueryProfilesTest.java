package io.shoaldb.server.statement;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The kept profiles: newest first, found by query id, the oldest dropped past the bound. */
class QueryProfilesTest {
    private static QueryProfiles.Entry entry(int id) {
        Instant now = Instant.now();
        return new QueryProfiles.Entry(Integer.toString(id), "root", "db", "SELECT " + id, now, now, "EOF",
                List.of("PIPELINE 0"));
    }

    @Test
    void keepsTheNewestUpToTheBound() {
        QueryProfiles profiles = new QueryProfiles();
        for (int id = 1; id <= QueryProfiles.KEPT + 5; id++) {
            profiles.add(entry(id));
        }
        List<QueryProfiles.Entry> kept = profiles.newestFirst();
        assertThat(kept).hasSize(QueryProfiles.KEPT);
        assertThat(kept.getFirst().queryId()).isEqualTo(Integer.toString(QueryProfiles.KEPT + 5));
        assertThat(kept.getLast().queryId()).isEqualTo("6");
        assertThat(profiles.find("5")).isEmpty();
        assertThat(profiles.find("6")).map(QueryProfiles.Entry::sql).contains("SELECT 6");
    }
}
