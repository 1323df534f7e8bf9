package io.shoaldb.tools;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Measures the time from acknowledgement to visibility: every {@code periodMillis} it notes how many rows the
 * load clients have had acknowledged so far, then polls {@code SELECT count(*)} on its own connection until the
 * table holds at least that many (the rows there before the run included), and records how long that took. With
 * a sync acknowledgement this is the time a reader needs to see a committed row; with async, the wait for the
 * batch's commit. A probe that cannot see its rows within 30 s records 30 s.
 */
final class VisibilityProbe {
    private static final long GIVE_UP_NANOS = TimeUnit.SECONDS.toNanos(30);

    private final Callable<Connection> connections;
    private final String table;
    private final LongSupplier acknowledged;
    private final BooleanSupplier measuring;
    private final int periodMillis;
    private final Recorder lags = new Recorder(3);
    private volatile boolean stop;
    private long baseline;
    private Thread thread;

    /**
     * @param acknowledged rows acknowledged to the clients since the probe started (a running total)
     * @param measuring    false while the run warms up: no probe is recorded then
     */
    VisibilityProbe(Callable<Connection> connections, String table, LongSupplier acknowledged, BooleanSupplier measuring,
                    int periodMillis) {
        this.connections = connections;
        this.table = table;
        this.acknowledged = acknowledged;
        this.measuring = measuring;
        this.periodMillis = periodMillis;
    }

    /** Counts the table's rows as they are before any client loads, then starts probing. */
    void start() throws Exception {
        try (Connection c = connections.call(); Statement s = c.createStatement()) {
            baseline = count(s);
        }
        thread = Thread.ofPlatform().name("visibility-probe").daemon().start(this::loop);
    }

    /** Stops probing and returns the lags recorded (nanoseconds). */
    Histogram stop() throws InterruptedException {
        stop = true;
        thread.join(TimeUnit.SECONDS.toMillis(60));
        return lags.getIntervalHistogram();
    }

    /** One line: number of probes and the lag's p50, p99 and maximum in milliseconds. */
    static String describe(Histogram h) {
        return String.format(java.util.Locale.ROOT, "probes=%d lag_p50_ms=%.1f lag_p99_ms=%.1f lag_max_ms=%.1f",
                h.getTotalCount(), h.getValueAtPercentile(50) / 1e6, h.getValueAtPercentile(99) / 1e6, h.getMaxValue() / 1e6);
    }

    private void loop() {
        try (Connection c = connections.call(); Statement s = c.createStatement()) {
            while (!stop) {
                TimeUnit.MILLISECONDS.sleep(periodMillis);
                if (!measuring.getAsBoolean()) {
                    continue;
                }
                long target = baseline + acknowledged.getAsLong();
                long t0 = System.nanoTime();
                while (count(s) < target && System.nanoTime() - t0 < GIVE_UP_NANOS) {
                    TimeUnit.MILLISECONDS.sleep(1);
                }
                lags.recordValue(System.nanoTime() - t0);
            }
        } catch (Exception e) {
            System.err.println("probe: " + e);
        }
    }

    private long count(Statement s) throws SQLException {
        try (ResultSet rs = s.executeQuery("SELECT count(*) FROM " + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
