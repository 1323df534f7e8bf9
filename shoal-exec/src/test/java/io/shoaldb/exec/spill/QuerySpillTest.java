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
    private static final long LIMIT = 1000 * MB;
    /** Drivers x state-holding operators: the limit's share per operator is 500 MB / 20 = 25 MB. */
    private static final int HOLDERS = 20;

    @TempDir
    Path root;
    private SpillSpace space;
    private QuerySpill spill;
    private final AtomicLong queryBytes = new AtomicLong();

    @BeforeEach
    void open() {
        space = SpillSpace.open(new LocalFiles(), List.of(root));
        QueryMemory memory = new QueryMemory(LIMIT);
        memory.trackShared(queryBytes::get);
        spill = new QuerySpill(SpillSettings.DEFAULT, memory, LIMIT, HOLDERS, space.forQuery(1));
    }

    @AfterEach
    void close() {
        spill.close();
    }

    @Test
    void anOperatorOverItsShareKeepsGrowingWhileTheQueryIsFarUnderItsLimit() {
        queryBytes.set(100 * MB);
        assertThat(spill.shouldSpill(60 * MB)).isFalse();
    }

    @Test
    void anOperatorOverItsShareSpillsOnceTheQueryHoldsAFairPartOfItsLimit() {
        queryBytes.set(400 * MB);
        assertThat(spill.shouldSpill(60 * MB)).isTrue();
        assertThat(spill.shouldSpill(20 * MB)).as("under its share").isFalse();
    }

    @Test
    void anOperatorNotYetCountedInTheQueryIsJudgedByWhatItHolds() {
        queryBytes.set(0);
        assertThat(spill.shouldSpill(400 * MB)).isTrue();
    }

    @Test
    void everyOperatorSpillsWhenTheQueryNearsItsLimit() {
        queryBytes.set(700 * MB);
        assertThat(spill.shouldSpill(40 * MB)).isTrue();
    }
}
