package io.shoaldb.exec.spill;

/**
 * A session's spill variables, Doris's names: {@code enable_spill} (on by default here - a query that does not fit
 * should finish, not fail), {@code enable_force_spill} (spill whatever an operator holds once it reaches
 * {@code min_revocable_mem}, whatever the budget says: for tests and for measuring spill cost) and
 * {@code min_revocable_mem} (the smallest state worth writing out).
 */
public record SpillSettings(boolean enabled, boolean force, long minRevocableBytes) {
    public static final long DEFAULT_MIN_REVOCABLE = 32L << 20;
    public static final SpillSettings DEFAULT = new SpillSettings(true, false, DEFAULT_MIN_REVOCABLE);
    public static final SpillSettings DISABLED = new SpillSettings(false, false, DEFAULT_MIN_REVOCABLE);

    public SpillSettings {
        if (minRevocableBytes < 1) {
            throw new IllegalArgumentException("min_revocable_mem must be positive");
        }
    }
}
