package io.shoaldb.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class SlowTimelineTest {
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

    @Test
    void slowOperationsAreCountedInTheWindowTheyWereDueIn() {
        SlowTimeline timeline = new SlowTimeline(5 * MS, 100 * MS, 1_000 * MS);
        timeline.record(10 * MS, 4 * MS); // fast: not counted
        timeline.record(20 * MS, 5 * MS); // at the bound: not counted
        timeline.record(30 * MS, 12 * MS);
        timeline.record(99 * MS, 7 * MS);
        timeline.record(350 * MS, 80 * MS);
        assertThat(timeline.lines()).containsExactly(
                "due_ms=0 slow_ops=2 max_ms=12.0",
                "due_ms=300 slow_ops=1 max_ms=80.0");
    }

    @Test
    void dueTimesOutsideTheSpanGoToItsEnds() {
        SlowTimeline timeline = new SlowTimeline(MS, 100 * MS, 300 * MS);
        timeline.record(-5 * MS, 2 * MS); // due before the measured time began: a backlog from the warm-up
        timeline.record(10_000 * MS, 3 * MS);
        assertThat(timeline.lines()).containsExactly(
                "due_ms=0 slow_ops=1 max_ms=2.0",
                "due_ms=200 slow_ops=1 max_ms=3.0");
    }

    @Test
    void aBoundOrWindowThatIsNotPositiveIsRefused() {
        assertThatThrownBy(() -> new SlowTimeline(0, MS, MS)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SlowTimeline(MS, 0, MS)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SlowTimeline(MS, 10 * MS, MS)).isInstanceOf(IllegalArgumentException.class);
    }
}
