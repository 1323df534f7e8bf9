package io.shoaldb.storage.tablet;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.type.DataType;
import java.util.List;
import org.junit.jupiter.api.Test;

class BucketRouterTest {
    private static Batch rows() {
        BatchBuilder b = new BatchBuilder(List.of(DataType.BIGINT, DataType.STRING, DataType.DOUBLE));
        for (long i = 0; i < 1000; i++) {
            b.appendRow(i, "name-" + i, i % 7 == 0 ? null : i * 0.5);
        }
        return b.build();
    }

    @Test
    void theHashIsPinned() {
        // Golden values: changing the hash would move rows of existing tables to other tablets.
        BatchBuilder b = new BatchBuilder(List.of(DataType.BIGINT, DataType.STRING));
        b.appendRow(1L, "a").appendRow(42L, "shoal").appendRow(null, "").appendRow(-7L, null);
        int[] buckets = new BucketRouter(new int[] {0, 1}, 16).buckets(b.build());
        assertThat(buckets).containsExactly(GOLDEN);
    }

    static final int[] GOLDEN = {4, 5, 14, 11};

    @Test
    void sameValuesGoToTheSameBucketWhateverTheBatch() {
        Batch all = rows();
        BucketRouter router = new BucketRouter(new int[] {0, 1}, 7);
        int[] whole = router.buckets(all);
        int[] positions = {3, 500, 999};
        int[] selected = new BucketRouter(new int[] {0, 1}, 7).buckets(all.withSelection(positions, 3));
        for (int i = 0; i < 3; i++) {
            assertThat(selected[i]).isEqualTo(whole[positions[i]]);
        }
        assertThat(whole).contains(0, 1, 2, 3, 4, 5, 6);
    }

    @Test
    void integerWidthAndNegativeZeroDoNotChangeTheBucket() {
        BatchBuilder ints = new BatchBuilder(List.of(DataType.INT));
        BatchBuilder longs = new BatchBuilder(List.of(DataType.BIGINT));
        BatchBuilder doubles = new BatchBuilder(List.of(DataType.DOUBLE));
        for (long i = -50; i < 50; i++) {
            ints.appendRow(i);
            longs.appendRow(i);
        }
        doubles.appendRow(0.0).appendRow(-0.0);
        BucketRouter r = new BucketRouter(new int[] {0}, 13);
        assertThat(r.buckets(ints.build())).containsExactly(r.buckets(longs.build()));
        int[] z = r.buckets(doubles.build());
        assertThat(z[0]).isEqualTo(z[1]);
    }

    @Test
    void splitSharesVectorsThroughSelections() {
        Batch all = rows();
        BucketRouter router = new BucketRouter(new int[] {0}, 4);
        Batch[] parts = router.split(all);
        int total = 0;
        int[] buckets = router.buckets(all);
        for (int b = 0; b < 4; b++) {
            assertThat(parts[b].column(0)).isSameAs(all.column(0));
            for (int i = 0; i < parts[b].positionCount(); i++) {
                assertThat(buckets[parts[b].row(i)]).isEqualTo(b);
            }
            total += parts[b].positionCount();
        }
        assertThat(total).isEqualTo(1000);
    }

    @Test
    void randomDistributionSendsWholeBatchesRoundRobin() {
        Batch all = rows();
        BucketRouter router = new BucketRouter(new int[0], 3);
        for (int round = 0; round < 6; round++) {
            Batch[] parts = router.split(all);
            assertThat(parts[round % 3]).isSameAs(all);
            assertThat(parts[(round + 1) % 3].positionCount()).isZero();
        }
    }
}
