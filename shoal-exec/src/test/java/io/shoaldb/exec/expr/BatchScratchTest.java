package io.shoaldb.exec.expr;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BatchScratchTest {
    @Test
    void aSlotHandsOutTheSameArrayWhileItIsLongEnoughAndGrowsWhenNot() {
        BatchScratch scratch = new BatchScratch(2, 1);
        int[] first = scratch.ints(0, 100);
        assertThat(first).hasSize(100);
        assertThat(scratch.ints(0, 60)).isSameAs(first);
        assertThat(scratch.ints(1, 60)).as("each slot has its own array").isNotSameAs(first);
        int[] longer = scratch.ints(0, 8192);
        assertThat(longer).hasSize(8192);
        assertThat(scratch.ints(0, 100)).isSameAs(longer);

        long[] longs = scratch.longs(0, 10);
        assertThat(scratch.longs(0, 10)).isSameAs(longs);
    }

    @Test
    void arraysAboveTheKeptLengthAreNotKept() {
        BatchScratch scratch = new BatchScratch(1, 1);
        int[] kept = scratch.ints(0, 100);
        int[] big = scratch.ints(0, BatchScratch.MAX_KEPT + 1);
        assertThat(big).hasSize(BatchScratch.MAX_KEPT + 1);
        assertThat(scratch.ints(0, 100)).as("the batch-sized array stays").isSameAs(kept);
        assertThat(scratch.longs(0, BatchScratch.MAX_KEPT + 1)).isNotSameAs(scratch.longs(0, BatchScratch.MAX_KEPT + 1));
    }
}
