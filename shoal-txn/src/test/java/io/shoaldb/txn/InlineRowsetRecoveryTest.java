package io.shoaldb.txn;

import static io.shoaldb.txn.Fixture.DB;
import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.storage.rowset.RowsetMeta;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An inline rowset's segments are durable in the commit record: a restart gets them back byte for byte. */
class InlineRowsetRecoveryTest {
    @TempDir
    Path dir;

    private static RowsetMeta inline(long rowsetId, long tabletId, String... segments) {
        List<byte[]> images = java.util.Arrays.stream(segments).map(s -> s.getBytes(StandardCharsets.UTF_8)).toList();
        List<String> names = java.util.stream.IntStream.range(0, segments.length)
                .mapToObj(i -> rowsetId + "_" + i + ".seg").toList();
        return new RowsetMeta(rowsetId, tabletId, 0, 0, 0, names, 1, images.stream().mapToLong(b -> b.length).sum(),
                images);
    }

    private static void commit(TransactionManager m, long table, RowsetMeta rowset) {
        Transaction t = m.begin(DB, null, Set.of(table), Duration.ofMinutes(1));
        m.commit(t, Map.of(table, Map.of(rowset.tabletId(), rowset)));
    }

    @Test
    void inlineSegmentsSurviveLogReplayAndACheckpointImage() throws Exception {
        Fixture f = new Fixture(dir);
        try (TransactionManager m = f.open()) {
            commit(m, 1, inline(5001, 11, "first segment", "second"));
        }
        try (TransactionManager m = f.open()) {
            assertRecovered(m.recoveredTables().get(1L), 5001, "first segment", "second");
            commit(m, 1, inline(5002, 11, "\u0000\u00ff binary"));
            m.checkpoint();
        }
        try (TransactionManager m = f.open()) {
            RecoveredTable t = m.recoveredTables().get(1L);
            assertRecovered(t, 5001, "first segment", "second");
            assertRecovered(t, 5002, "\u0000\u00ff binary");
            assertThat(t.visibleVersion()).isEqualTo(2);
        }
    }

    private static void assertRecovered(RecoveredTable table, long rowsetId, String... segments) {
        RowsetMeta m = table.rowsetsByTablet().get(11L).stream().filter(r -> r.rowsetId() == rowsetId).findFirst().orElseThrow();
        assertThat(m.inline()).isTrue();
        assertThat(m.inlineSegments()).hasSize(segments.length);
        for (int i = 0; i < segments.length; i++) {
            assertThat(new String(m.inlineSegments().get(i), StandardCharsets.UTF_8)).isEqualTo(segments[i]);
        }
    }
}
