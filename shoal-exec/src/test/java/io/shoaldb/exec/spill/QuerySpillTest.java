package io.shoaldb.exec.spill;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.exec.task.QueryMemory;
import io.shoaldb.storage.spill.SpillSpace;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** When an operator is told to spill, for a query with a limit and many state-holding operators. */
class QuerySpillTest {
    private static final long MB = 1L << 20;
    /** Doris's default exec_mem_limit. */
    private static final long LIMIT = 2000 * MB;
    /** Drivers x state-holding operators: the limit's share per operator is 1000 MB / 20 = 50 MB. */
    private static final int HOLDERS = 20;

    @TempDir
    Path root;
    private SpillSpace space;
    private QuerySpill spill;
    private int queries;
    private final AtomicLong queryBytes = new AtomicLong();

    @BeforeEach
    void open() {
        space = SpillSpace.open(new LocalFiles(), List.of(root));
        spill = spill(LIMIT);
    }

    private QuerySpill spill(long limit) {
        QueryMemory memory = new QueryMemory(limit);
        memory.trackShared(queryBytes::get);
        return new QuerySpill(SpillSettings.DEFAULT, memory, limit, HOLDERS, space.forQuery(++queries));
    }

    @AfterEach
    void close() {
        spill.close();
    }

    @Test
    void anOperatorOverItsShareKeepsGrowingWhileTheQueryIsFarUnderItsLimit() {
        queryBytes.set(200 * MB);
        assertThat(spill.shouldSpill(120 * MB)).isFalse();
    }

    @Test
    void anOperatorOverItsShareSpillsOnceTheQueryHoldsAFairPartOfItsLimit() {
        queryBytes.set(800 * MB);
        assertThat(spill.shouldSpill(120 * MB)).isTrue();
        assertThat(spill.shouldSpill(40 * MB)).as("under its share").isFalse();
    }

    @Test
    void anOperatorNotYetCountedInTheQueryIsJudgedByWhatItHolds() {
        queryBytes.set(0);
        assertThat(spill.shouldSpill(800 * MB)).isTrue();
    }

    @Test
    void everyOperatorSpillsWhenTheQueryNearsItsLimit() {
        queryBytes.set(1300 * MB);
        assertThat(spill.shouldSpill(40 * MB)).isTrue();
    }

    @Test
    void underASmallLimitAnOperatorSpillsByItsShareAtOnce() {
        long small = 64 * MB; // share: 32 MB / 20 = 1.6 MB
        try (QuerySpill tight = spill(small)) {
            queryBytes.set(2 * MB);
            assertThat(tight.shouldSpill(2 * MB)).isTrue();
            assertThat(tight.shouldSpill(MB)).as("under its share").isFalse();
        }
    }
}
