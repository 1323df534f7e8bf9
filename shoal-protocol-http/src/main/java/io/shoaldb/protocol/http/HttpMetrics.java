package io.shoaldb.protocol.http;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The Stream Load metrics (Doris's names) on a shared Prometheus registry, and the {@code /metrics} rendering.
 * Other modules register their own meters (group commit, WAL counts) on {@link #registry()}; they all show up
 * on the same page. Per load, by result status: {@code streaming_load_requests_total},
 * {@code streaming_load_duration_ms_total}, {@code streaming_load_rows_loaded_total},
 * {@code streaming_load_bytes_loaded_total}; and the gauge {@code streaming_load_current_processing}.
 * Micrometer's Prometheus naming adds {@code _total} to every counter, so Doris's
 * {@code streaming_load_duration_ms} counter appears as {@code streaming_load_duration_ms_total}.
 */
public final class HttpMetrics {
    /** The Prometheus text exposition format, version 0.0.4. */
    public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private final PrometheusMeterRegistry registry;
    private final AtomicLong currentProcessing = new AtomicLong();

    public HttpMetrics(PrometheusMeterRegistry registry) {
        this.registry = Objects.requireNonNull(registry, "registry");
        Gauge.builder("streaming_load_current_processing", currentProcessing, AtomicLong::doubleValue)
                .description("Stream Loads being received or executed now")
                .register(registry);
    }

    public PrometheusMeterRegistry registry() {
        return registry;
    }

    /** A Stream Load has passed auth and validation and is handed to the load service. */
    public void loadStarted() {
        currentProcessing.incrementAndGet();
    }

    /** The Stream Load has its result ({@code Success}, {@code Fail}, ...). */
    public void loadFinished(String status, long durationMs, long loadedRows, long loadBytes) {
        currentProcessing.decrementAndGet();
        String tag = status == null ? "Fail" : status;
        counter("streaming_load_requests", "Stream Load requests", tag).increment();
        counter("streaming_load_duration_ms", "Total milliseconds spent in Stream Loads", tag)
                .increment(Math.max(0, durationMs));
        counter("streaming_load_rows_loaded", "Rows loaded by Stream Loads", tag).increment(Math.max(0, loadedRows));
        counter("streaming_load_bytes_loaded", "Body bytes received by Stream Loads", tag)
                .increment(Math.max(0, loadBytes));
    }

    /** Stream Loads rejected before they reached the load service (auth, URL, length): counted, not timed. */
    public void loadRejected() {
        counter("streaming_load_requests", "Stream Load requests", "Fail").increment();
    }

    /** The {@code /metrics} page. */
    public String scrape() {
        return registry.scrape();
    }

    public long currentProcessing() {
        return currentProcessing.get();
    }

    private Counter counter(String name, String description, String status) {
        return Counter.builder(name).description(description).tag("status", status).register(registry);
    }
}
