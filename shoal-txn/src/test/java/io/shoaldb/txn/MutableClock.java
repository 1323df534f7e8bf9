package io.shoaldb.txn;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;

/** A clock tests move by hand, for timeouts and label retention without sleeping. */
final class MutableClock implements InstantSource {
    private volatile Instant now = Instant.parse("2026-01-01T00:00:00Z");

    @Override
    public Instant instant() {
        return now;
    }

    void advance(Duration d) {
        now = now.plus(d);
    }
}
