package io.shoaldb.ingest.convert;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import java.util.Optional;

/**
 * Whether a load with filtered rows fails, with Doris's messages. Strict mode decides which rows are filtered
 * (see {@link ConversionPolicy}); this decides what the filtered count means:
 * <ul>
 *   <li>Stream Load: fails when {@code filtered / (total - unselected) > max_filter_ratio} with
 *       {@code too many filtered rows}; strict mode does not change the ratio (default ratio 0, so any
 *       filtered row fails a default Stream Load).</li>
 *   <li>INSERT: with {@code enable_insert_strict} any filtered row fails with
 *       {@code Insert has filtered data in strict mode}; otherwise
 *       {@code filtered > insert_max_filter_ratio * (filtered + loaded)} fails with
 *       {@code Insert has too many filtered data N/M insert_max_filter_ratio is R}.</li>
 * </ul>
 *
 * @param maxFilterRatio 0..1, Stream Load's header or INSERT's {@code insert_max_filter_ratio}
 * @param strictMode Stream Load's {@code strict_mode} or INSERT's {@code enable_insert_strict}
 */
public record FilterPolicy(double maxFilterRatio, boolean strictMode) {
    public FilterPolicy {
        if (!(maxFilterRatio >= 0 && maxFilterRatio <= 1)) {
            throw new IllegalArgumentException("max_filter_ratio must be between 0 and 1: " + maxFilterRatio);
        }
    }

    /** True when a Stream Load with these counts fails. */
    public boolean streamLoadFails(LoadCounters c) {
        long considered = c.total() - c.unselected();
        return c.filtered() > 0 && considered > 0 && (double) c.filtered() / considered > maxFilterRatio;
    }

    /** The Stream Load failure ({@code too many filtered rows}), if any. */
    public Optional<ShoalException> checkStreamLoad(LoadCounters c) {
        return streamLoadFails(c) ? Optional.of(ErrorCode.LOAD_TOO_MANY_FILTERED_ROWS.exception()) : Optional.empty();
    }

    /** True when an INSERT with these counts fails. */
    public boolean insertFails(LoadCounters c) {
        if (strictMode) {
            return c.filtered() > 0;
        }
        return c.filtered() > maxFilterRatio * (c.filtered() + c.loaded());
    }

    /** The INSERT failure with Doris's text, if any. */
    public Optional<ShoalException> checkInsert(LoadCounters c) {
        if (!insertFails(c)) {
            return Optional.empty();
        }
        if (strictMode) {
            return Optional.of(ErrorCode.INSERT_FILTERED_IN_STRICT_MODE.exception());
        }
        return Optional.of(ErrorCode.INSERT_TOO_MANY_FILTERED.exception(c.filtered(), c.filtered() + c.loaded(),
                maxFilterRatio));
    }
}
