package io.shoaldb.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class SendScheduleTest {

    @Test
    void operationsAreDueAtTheIntervalWhateverTheRepliesTake() throws InterruptedException {
        long before = System.nanoTime();
        SendSchedule schedule = new SendSchedule(200, 0.5); // every 5 ms, the first 2.5 ms after it is made
        long after = System.nanoTime();
        long first = schedule.awaitNext();
        assertThat(first - before).isGreaterThanOrEqualTo(TimeUnit.MICROSECONDS.toNanos(2_500));
        assertThat(first - after).isLessThanOrEqualTo(TimeUnit.MICROSECONDS.toNanos(2_500));
        assertThat(System.nanoTime()).isGreaterThanOrEqualTo(first);
        assertThat(schedule.lastSent()).isGreaterThanOrEqualTo(first);
        // a reply that takes 40 ms: the next operations are due on the schedule, so they are sent at once, late
        TimeUnit.MILLISECONDS.sleep(40);
        long late = System.nanoTime();
        long second = schedule.awaitNext();
        long third = schedule.awaitNext();
        assertThat(second - first).isEqualTo(TimeUnit.MILLISECONDS.toNanos(5));
        assertThat(third - second).isEqualTo(TimeUnit.MILLISECONDS.toNanos(5));
        assertThat(third).isLessThan(late);
        assertThat(schedule.lastSent()).as("sent when the client got to it, after it was due").isGreaterThanOrEqualTo(late);
    }

    @Test
    void aRateOrPhaseOutOfRangeIsRefused() {
        assertThatThrownBy(() -> new SendSchedule(0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SendSchedule(Double.NaN, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SendSchedule(10, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
