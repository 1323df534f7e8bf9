/**
 * Integration tests of group commit against the real server (issue: high-concurrency small-batch loads,
 * spec {@code /work/shared/spec/group-commit.md}, design {@code docs/group-commit.md}).
 *
 * <ul>
 *   <li>{@link io.shoaldb.testing.groupcommit.SeedSessionTest}: the seed's {@code mysql>} session (async,
 *       sync, off, column list, fallbacks), through Connector/J and through the {@code mysql} CLI;</li>
 *   <li>{@link io.shoaldb.testing.groupcommit.SeedJdbcProgramTest}: the seed's PreparedStatement program with
 *       the seed's URL;</li>
 *   <li>{@link io.shoaldb.testing.groupcommit.SeedGoProgramTest}: the seed's Go program
 *       ({@code src/test/go/async_lineitem}, go-sql-driver/mysql), bounded, built offline;</li>
 *   <li>{@link io.shoaldb.testing.groupcommit.LoadCrashCyclesTest}: SIGKILL under concurrent async, sync and
 *       normal-path INSERTs (group-commit ones with and without request ids) and Stream Loads: every
 *       acknowledged id exactly once after replay ({@code -Dcrash.cycles=N}, {@code bench/crash-cycles.sh});</li>
 *   <li>{@link io.shoaldb.testing.groupcommit.GroupCommitLimitsTest}: WAL limit, schema change with a batch
 *       open (also replayed after kill -9), SHOW GROUP COMMIT, interval changes, UNIQUE KEY + sequence column,
 *       request-id retries.</li>
 * </ul>
 * The logic test {@code src/test/resources/sql/groupcommit/group_commit.test} (run by
 * {@code io.shoaldb.testing.SqlLogicTests}) covers the modes, fallbacks and a restart with a batch open.
 *
 * <p>Every test owns its data ({@code @TempDir}); waits are on conditions ({@code SYNC GROUP COMMIT}, or
 * polling with a deadline), never on a bare sleep; random choices print their seed.
 */
package io.shoaldb.testing.groupcommit;
