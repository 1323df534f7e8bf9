package io.shoaldb.txn;

import static io.shoaldb.txn.Fixture.DB;
import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.storage.rowset.InlineSegment;
import io.shoaldb.storage.rowset.RowsetMeta;
import io.shoaldb.storage.segment.SegmentImage;
import io.shoaldb.txn.log.SharedImages;
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
        List<InlineSegment> images = java.util.Arrays.stream(segments)
                .map(s -> InlineSegment.whole(s.getBytes(StandardCharsets.UTF_8))).toList();
        List<String> names = java.util.stream.IntStream.range(0, segments.length)
                .mapToObj(i -> rowsetId + "_" + i + ".seg").toList();
        return new RowsetMeta(rowsetId, tabletId, 0, 0, 0, names, 1, images.stream().mapToLong(b -> b.image().size())
                .sum(), images);
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

    @Test
    void rowsetsSharingAnImageComeBackSharedFromTheLogAndEachWholeFromACheckpoint() throws Exception {
        Fixture f = new Fixture(dir);
        Map<Long, RowsetMeta> rowsets = SharedImages.rowsets(6001, 21, 3, 5);
        try (TransactionManager m = f.open()) {
            Transaction t = m.begin(DB, null, Set.of(2L), Duration.ofMinutes(1));
            m.commit(t, Map.of(2L, rowsets));
        }
        try (TransactionManager m = f.open()) {
            Map<Long, List<RowsetMeta>> got = m.recoveredTables().get(2L).rowsetsByTablet();
            SegmentImage image = got.get(21L).getFirst().inlineSegments().getFirst().image();
            for (int t = 0; t < 3; t++) {
                RowsetMeta r = got.get(21L + t).getFirst();
                assertThat(r.inlineSegments().getFirst().image()).as("replayed from one record").isSameAs(image);
                assertThat(SharedImages.values(r)).isEqualTo(SharedImages.expected(t, 5));
            }
            m.checkpoint();
        }
        try (TransactionManager m = f.open()) {
            Map<Long, List<RowsetMeta>> got = m.recoveredTables().get(2L).rowsetsByTablet();
            for (int t = 0; t < 3; t++) {
                RowsetMeta r = got.get(21L + t).getFirst();
                assertThat(r.inlineSegments().getFirst().isWhole()).as("its own pages, from the checkpoint").isTrue();
                assertThat(r.inlineSegments().getFirst().image().size())
                        .isLessThan(rowsets.get(21L + t).inlineSegments().getFirst().image().size());
                assertThat(SharedImages.values(r)).isEqualTo(SharedImages.expected(t, 5));
            }
        }
    }

    private static void assertRecovered(RecoveredTable table, long rowsetId, String... segments) {
        RowsetMeta m = table.rowsetsByTablet().get(11L).stream().filter(r -> r.rowsetId() == rowsetId).findFirst().orElseThrow();
        assertThat(m.inline()).isTrue();
        assertThat(m.inlineSegments()).hasSize(segments.length);
        for (int i = 0; i < segments.length; i++) {
            assertThat(new String(m.inlineSegments().get(i).image().bytes(), StandardCharsets.UTF_8))
                    .isEqualTo(segments[i]);
        }
    }
}
