package io.shoaldb.common.memory;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class MemoryPoolTest {
    @Test
    void addsUpItsPartsAndQueriesAndPicksTheLargestQueryToGiveWay() {
        MemoryPool pool = new MemoryPool(1000);
        AtomicLong queue = new AtomicLong(300);
        AtomicLong first = new AtomicLong(200);
        AtomicLong second = new AtomicLong(400);
        pool.addPart("queue", queue::get);
        MemoryPool.QueryShare a = pool.addQuery(first::get);
        MemoryPool.QueryShare b = pool.addQuery(second::get);

        assertThat(pool.usedBytes()).isEqualTo(900);
        assertThat(pool.queriesBytes()).isEqualTo(600);
        assertThat(pool.nearlyFull()).isTrue();
        assertThat(pool.overLimit()).isFalse();

        queue.set(500);
        assertThat(pool.overLimit()).isTrue();
        assertThat(pool.isLargestQuery(b)).isTrue();
        assertThat(pool.isLargestQuery(a)).isFalse();

        b.close();
        assertThat(pool.usedBytes()).isEqualTo(700);
        assertThat(pool.isLargestQuery(a)).isTrue();
        assertThat(pool.nearlyFull()).isFalse();
    }

    @Test
    void anUnboundedPoolIsNeverFull() {
        MemoryPool pool = MemoryPool.unbounded();
        pool.addPart("big", () -> Long.MAX_VALUE / 4);
        assertThat(pool.overLimit()).isFalse();
        assertThat(pool.nearlyFull()).isFalse();
    }
}
