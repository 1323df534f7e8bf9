package io.shoaldb.ingest.groupcommit;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.common.io.PowerLossFiles;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.LongStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Power loss at random points while concurrent async and sync group-commit loads run: the WAL, the
 * transaction commit log and the segment files all go through {@link PowerLossFiles}, which after the crash
 * keeps only what was fsynced plus a random prefix of the rest (bytes and directory entries). After each
 * restart (WAL replay included) every acknowledged row is present exactly once, a load cut by the crash is
 * wholly present or wholly absent, nothing appears twice, and once settled a load stays that way. Half the
 * loads carry a {@code group_commit_request_id}; after each restart the loads of the round before that carried
 * one (acknowledged or cut) and a few older ones are retried with their id, as a client would: a retry of an
 * acknowledged load returns the first load's label and transaction and loads nothing (the request-id log and
 * WAL keep the id across the power loss), a retried cut load ends up present exactly once.
 * The commit log's segments and the WAL files are preallocated and small, so that commits and async loads
 * write over zeros in place, segments roll and WAL files outgrow their preallocation within a round; a checkpoint
 * every few commit records puts the background image writes and the deletion of covered segments in every round.
 * Rounds {@code -Dpowerloss.rounds} (default {@value #DEFAULT_ROUNDS}), seed {@code -Dpowerloss.seed} (fixed
 * by default so CI is repeatable; printed).
 */
class PowerLossTest {
    static final int DEFAULT_ROUNDS = 25;
    static final int THREADS = 4;
    static final long BIG = 64L << 20;
    static final long COMMIT_LOG_SEGMENT_BYTES = 16 << 10;
    static final long WAL_FILE_BYTES = 4 << 10;
    /** Small, so that background checkpoint images are written (and segments they cover deleted) every round. */
    static final int CHECKPOINT_EVERY = 8;

    @TempDir
    Path dir;

    private final AtomicLong nextKey = new AtomicLong();
    private final Set<Long> mustExist = Collections.synchronizedSet(new HashSet<>());
    private final Set<Long> mustNotExist = new HashSet<>();
    private final List<List<Long>> inDoubt = Collections.synchronizedList(new ArrayList<>());
    private final List<String> unexpected = Collections.synchronizedList(new ArrayList<>());
    /** Loads with a request id sent in the round that the last power loss ended; retried after the restart. */
    private final List<Sent> toRetry = Collections.synchronizedList(new ArrayList<>());
    /** Loads with a request id whose result is known (acknowledged first time or on retry). */
    private final List<Sent> settled = new ArrayList<>();
    private int retries;

    /** A load with a request id and, once acknowledged, the result the client was given. */
    private record Sent(String requestId, long from, int rows, GroupCommitMode mode, LoadResult result) {
        List<Long> keys() {
            return LongStream.range(from, from + rows).boxed().toList();
        }
    }

    /** Depth 2: a table's next batch queues its commit record while the one before waits for its fsync. */
    @ParameterizedTest(name = "pipeline depth {0}")
    @ValueSource(ints = {1, 2})
    void acknowledgedRowsSurvivePowerLossExactlyOnce(int pipelineDepth) throws Exception {
        long seed = Long.getLong("powerloss.seed", 20261201L);
        int rounds = Integer.getInteger("powerloss.rounds", DEFAULT_ROUNDS);
        System.out.println("PowerLossTest seed " + seed + " rounds " + rounds + " pipeline depth " + pipelineDepth
                + " (rerun: -Dpowerloss.seed=" + seed + ")");
        Random random = new Random(seed);
        Path node = dir.resolve("node");
        PowerLossFiles files = new PowerLossFiles(node);
        for (int round = 0; round <= rounds; round++) {
            GcFixture f = new GcFixture(node, files);
            f.txnOptions = f.txnOptions.withCommitLogSegmentBytes(COMMIT_LOG_SEGMENT_BYTES)
                    .withCheckpointEvery(CHECKPOINT_EVERY);
            f.open(GcFixture.options().withWalFileBytes(WAL_FILE_BYTES).withPipelineDepth(pipelineDepth), null);
            f.manager.replay();
            verify(f, round);
            retry(f, random, round);
            if (round == rounds) {
                closeQuietly(f);
                break;
            }
            files.crashAfter(1 + random.nextInt(600));
            PowerLossFiles machine = files;
            List<Thread> writers = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                long writerSeed = random.nextLong();
                writers.add(Thread.ofPlatform().start(() -> write(f, machine, new Random(writerSeed))));
            }
            for (Thread w : writers) {
                w.join();
            }
            files.powerLoss(random);
            closeQuietly(f);
            assertThat(unexpected).as("round %d: failures before the power loss", round).isEmpty();
            files = files.restarted();
        }
        System.out.printf("PowerLossTest: %d rounds, %d acknowledged keys, %d keys of cut loads absent,"
                + " %d retries by request id%n", rounds, mustExist.size(), mustNotExist.size(), retries);
    }

    /** One client: loads of 1-3 rows, async or sync, until the power goes (or 40 loads). */
    private void write(GcFixture f, PowerLossFiles files, Random random) {
        for (int i = 0; i < 40; i++) {
            int rows = 1 + random.nextInt(3);
            long from = nextKey.getAndAdd(rows);
            List<Long> keys = LongStream.range(from, from + rows).boxed().toList();
            GroupCommitMode mode = random.nextBoolean() ? GroupCommitMode.ASYNC : GroupCommitMode.SYNC;
            String requestId = random.nextBoolean() ? "load-" + from : null;
            try {
                LoadResult result = f.manager.load(f.target, GcFixture.rows(from, rows), mode,
                        1 + random.nextInt(20), BIG, requestId);
                mustExist.addAll(keys);
                if (requestId != null) {
                    toRetry.add(new Sent(requestId, from, rows, mode, result));
                }
            } catch (RuntimeException e) {
                inDoubt.add(keys);
                if (requestId != null) {
                    toRetry.add(new Sent(requestId, from, rows, mode, null));
                }
                if (!files.isDown()) {
                    unexpected.add(mode + " load of " + keys + " failed before the power loss: " + e);
                }
                return;
            }
        }
    }

    private void verify(GcFixture f, int round) {
        List<Long> keys = f.keys();
        Map<Long, Integer> counts = new HashMap<>();
        keys.forEach(k -> counts.merge(k, 1, Integer::sum));
        assertThat(counts.entrySet().stream().filter(e -> e.getValue() > 1).map(Map.Entry::getKey).toList())
                .as("round %d: keys present more than once", round).isEmpty();
        assertThat(mustExist.stream().filter(k -> !counts.containsKey(k)).sorted().toList())
                .as("round %d: acknowledged keys missing", round).isEmpty();
        assertThat(mustNotExist.stream().filter(counts::containsKey).sorted().toList())
                .as("round %d: keys of a cut load found absent earlier reappeared", round).isEmpty();
        Set<Long> issued = new HashSet<>(mustExist);
        for (List<Long> load : inDoubt) {
            long present = load.stream().filter(counts::containsKey).count();
            assertThat(present).as("round %d: a load cut by the power loss is all or nothing: %s", round, load)
                    .isIn(0L, (long) load.size());
            (present == 0 ? mustNotExist : mustExist).addAll(load);
            issued.addAll(load);
        }
        inDoubt.clear();
        assertThat(counts.keySet().stream().filter(k -> !issued.contains(k)).toList())
                .as("round %d: keys nobody loaded", round).isEmpty();
    }

    /**
     * Retries, with their request ids, the id-carrying loads of the round the power loss ended and up to five
     * older settled ones. Nothing crashes here, so every retry must succeed; a retry of an acknowledged load
     * must answer with the first load's result. Rows a retry wrongly loads again show as duplicates at the
     * next restart's {@link #verify}.
     */
    private void retry(GcFixture f, Random random, int round) {
        List<Sent> fresh = new ArrayList<>(toRetry);
        toRetry.clear();
        List<Sent> batch = new ArrayList<>(fresh);
        for (int i = 0; i < 5 && !settled.isEmpty(); i++) {
            batch.add(settled.get(random.nextInt(settled.size())));
        }
        Map<Sent, LoadResult> answers = new HashMap<>();
        for (Sent s : batch) {
            LoadResult again = f.manager.load(f.target, GcFixture.rows(s.from(), s.rows()), s.mode(), 1, BIG,
                    s.requestId());
            retries++;
            answers.put(s, again);
            if (s.result() != null) {
                assertThat(again.label() + "/" + again.txnId())
                        .as("round %d: a retry of acknowledged %s load %s after the power loss loads nothing and"
                                + " answers with the first result", round, s.mode(), s.requestId())
                        .isEqualTo(s.result().label() + "/" + s.result().txnId());
            }
            mustExist.addAll(s.keys());
            s.keys().forEach(mustNotExist::remove);
        }
        for (Sent s : fresh) {
            settled.add(s.result() != null ? s
                    : new Sent(s.requestId(), s.from(), s.rows(), s.mode(), answers.get(s)));
        }
    }

    /** Stops the abandoned engines' threads; every file operation of theirs fails now. */
    private static void closeQuietly(GcFixture f) throws InterruptedException {
        Thread.ofVirtual().start(f::close).join(Duration.ofSeconds(30));
    }
}
