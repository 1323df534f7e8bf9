package io.shoaldb.storage.segment;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AccessFrequencyTest {
    @Test
    void countsRequestsPerKeyUpToFifteen() {
        AccessFrequency f = new AccessFrequency();
        for (int i = 0; i < 3; i++) {
            f.record(42, 0);
        }
        assertThat(f.estimate(42)).isEqualTo(3);
        assertThat(f.estimate(43)).isZero();
        for (int i = 0; i < 100; i++) {
            f.record(42, 0);
        }
        assertThat(f.estimate(42)).isEqualTo(15);
    }

    @Test
    void countsAreHalvedAfterTenRequestsPerCachedEntrySoOldPopularityFades() {
        AccessFrequency f = new AccessFrequency();
        for (int i = 0; i < 8; i++) {
            f.record(7, 150);
        }
        for (int i = 8; i < 1_499; i++) {
            f.record(99, 150);
        }
        assertThat(f.estimate(7)).isEqualTo(8);
        assertThat(f.estimate(99)).isEqualTo(15);
        f.record(99, 150); // the 1,500th request: ten per entry of a 150-entry cache
        assertThat(f.estimate(7)).isEqualTo(4);
        assertThat(f.estimate(99)).isEqualTo(7);
    }

    @Test
    void aSmallCacheStillHalvesOnlyEvery1024Requests() {
        AccessFrequency f = new AccessFrequency();
        for (int i = 0; i < 1_023; i++) {
            f.record(5, 1);
        }
        assertThat(f.estimate(5)).isEqualTo(15);
        f.record(5, 1);
        assertThat(f.estimate(5)).isEqualTo(7);
    }
}
