package io.shoaldb.exec.operator.join;

import io.shoaldb.exec.expr.BatchScratch;
import io.shoaldb.exec.expr.ExpressionCompiler;
import io.shoaldb.exec.expr.FilterExpression;
import io.shoaldb.exec.expr.Flat;
import io.shoaldb.exec.operator.NullVectors;
import io.shoaldb.exec.operator.Operator;
import io.shoaldb.exec.operator.RetainedMemory;
import io.shoaldb.exec.task.Driver;
import io.shoaldb.sql.planner.physical.JoinType;
import io.shoaldb.sql.planner.physical.PhysicalHashJoin;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.ConstantVector;
import io.shoaldb.vector.type.DataType;
import java.util.BitSet;
import java.util.List;

/**
 * Streams the probe side through a {@link JoinHashTable}. For each probe batch it looks up every row's
 * chain of build rows with equal keys, then walks the chains emitting (probe row, build row) pairs in
 * batches of at most {@link #MAX_PAIRS}, so a key with many matches never builds one huge batch. A residual
 * condition filters the pairs. What is returned depends on the join type: the pairs (inner and outer joins),
 * unmatched probe rows padded with NULLs when a batch is done (LEFT/FULL), probe rows with / without a
 * surviving pair (SEMI/ANTI), and - once the last prober of a table is done - the build rows nobody matched
 * (RIGHT/FULL/RIGHT_ANTI) or somebody matched (RIGHT_SEMI). When the build wrote partitions out, probe rows of those partitions are set aside
 * and joined partition by partition once the probe input has ended ({@link SpilledJoin}); the unmatched build
 * rows of each partition follow its probe rows. The probers of a broadcast join whose build spilled share the
 * written-out partitions: each waits (NOT_READY) until all have ended their input, then they take the partitions in
 * turn. NOT IN answers from facts about the whole build side (empty, NULL key) that the bridge recorded, not from the
 * table of the partition at hand.
 */
public final class HashJoinOperator implements Operator, RetainedMemory {
    static final int MAX_PAIRS = 4096;
    private final Operator probe;
    private final JoinBridge bridge;
    private final int driver;
    private final Driver self;
    private final JoinType type;
    private final PhysicalHashJoin node;
    private final FilterExpression residual;
    private final JoinKeys probeKeys;
    private final List<DataType> probeTypes;
    private final List<DataType> buildTypes;
    private final boolean needPairs;
    /** Whether the rows returned depend on which probe rows matched (LEFT, FULL, SEMI, ANTI: not INNER, RIGHT...). */
    private final boolean tracksProbeMatches;
    /** RIGHT_SEMI/RIGHT_ANTI: a pair with a build row already matched is not looked at again. */
    private final boolean skipMarked;
    /** The pair columns copied (see {@link #copiedColumns}), or null for all. */
    private final BitSet copied;
    private final ColumnVector[] nullValues;
    private boolean started;
    /** NOT IN: facts about the whole build side, which a spilled partition's table does not show. */
    private boolean notInBuildEmpty;
    private boolean notInBuildHasNullKey;
    private JoinHashTable table;
    /** The build partitions this driver's build wrote out, joined after the probe input (null: none). */
    private SpilledJoin spilled;
    /** Whether the in-memory partitions are done and the spilled ones are being joined. */
    private boolean spillPhase;
    private boolean inPartition;
    private BitSet matchedBuild;
    private boolean probeDone;
    private int[] unmatchedBuild;
    private int unmatchedPosition;

    // The probe batch being joined.
    private Batch current;
    private int[] heads;
    private boolean[] matchedProbe;
    private int position;
    private int chain;
    // The pairs being collected, reused from batch to batch (the pair batch copies what it keeps).
    private final int[] probePositions = new int[MAX_PAIRS];
    private final int[] buildRows = new int[MAX_PAIRS];
    /** The working arrays of this driver's probes ({@link JoinHashTable#heads}), kept from batch to batch. */
    private final BatchScratch probeScratch = JoinHashTable.probeScratch();

    /** @param self the driver running this operator: resumed when a spilled broadcast join's probers may go on */
    public HashJoinOperator(Operator probe, JoinBridge bridge, int driver, Driver self) {
        this(probe, bridge, driver, self, null);
    }

    /**
     * @param read the output columns the operators above read (the others of a pair batch are a NULL constant, not a
     *             copy), or null when every column may be read
     */
    public HashJoinOperator(Operator probe, JoinBridge bridge, int driver, Driver self, BitSet read) {
        this.probe = probe;
        this.bridge = bridge;
        this.driver = driver;
        this.self = self;
        this.node = bridge.node();
        this.type = node.type();
        this.residual = node.residual() == null ? null : ExpressionCompiler.compileFilter(node.residual());
        this.probeKeys = new JoinKeys(node.probeKeys());
        this.probeTypes = node.probe().outputTypes();
        this.buildTypes = node.build().outputTypes();
        this.needPairs = type.outputsBuild() || residual != null;
        this.skipMarked = type.outputsBuildOnly();
        this.tracksProbeMatches = !(type == JoinType.INNER || type == JoinType.RIGHT || type.outputsBuildOnly());
        this.copied = copiedColumns(read);
        this.nullValues = new ColumnVector[probeTypes.size() + buildTypes.size()];
    }

    /**
     * The pair columns to copy: those read above (when the join returns pairs) and those its residual reads; null for
     * all of them.
     */
    private BitSet copiedColumns(BitSet read) {
        if (read == null) {
            return null;
        }
        BitSet copy = type.outputsBuild() ? (BitSet) read.clone() : new BitSet();
        if (node.residual() != null) {
            copy.or(ExprColumns.of(node.residual()));
        }
        return copy;
    }

    /** Column {@code c} of a pair batch: copied when read, else a NULL constant (nobody reads it). */
    private ColumnVector pairColumn(int c, ColumnVector source, int[] positions, int count) {
        if (copied == null || copied.get(c)) {
            return source.copyPositions(positions, 0, count);
        }
        return placeholder(c, count);
    }

    private ColumnVector placeholder(int c, int count) {
        if (nullValues[c] == null) {
            nullValues[c] = NullVectors.of(c < probeTypes.size() ? probeTypes.get(c) : buildTypes.get(c - probeTypes.size()), 1);
        }
        return new ConstantVector(((ConstantVector) nullValues[c]).value(), count);
    }

    @Override
    public Batch next() {
        if (!started) {
            started = true;
            table = bridge.table(driver);
            matchedBuild = type.marksBuild() ? new BitSet() : null;
            spilled = bridge.spilledJoin(driver, self);
            if (type == JoinType.NULL_AWARE_ANTI) {
                notInBuildEmpty = bridge.buildEmpty();
                notInBuildHasNullKey = bridge.buildHasNullKey();
            }
        }
        for (int consumed = 0; ; ) {
            if (current != null) {
                Batch out = advance();
                if (out != null) {
                    return out;
                }
                continue;
            }
            if (probeDone) {
                Batch unmatched = unmatchedBuildRows();
                if (unmatched != null || spilled == null) {
                    return unmatched;
                }
                Batch signal = nextPartition();
                if (signal != null || spilled == null) {
                    return signal;
                }
                continue;
            }
            if (consumed++ == INPUT_BATCHES_PER_CALL) {
                return YIELD;
            }
            Batch b = inPartition ? spilled.nextProbe() : probe.next();
            if (Operator.isSignal(b)) {
                return b;
            }
            if (b == null) {
                probeDone = true;
                if (!inPartition) {
                    probe.close();
                }
                continue;
            }
            if (spilled != null && !inPartition) {
                b = spilled.divert(b);
                if (b == null) {
                    continue;
                }
            }
            Batch out = start(b);
            if (out != null) {
                return out;
            }
        }
    }

    /**
     * The in-memory table or a spilled partition has been joined: moves on to the next spilled partition. Returns
     * YIELD while partitions are being loaded or split, null once the next partition is ready to probe (or, with
     * {@code spilled} then null, when none is left).
     */
    private Batch nextPartition() {
        if (inPartition) {
            spilled.partitionDone();
            inPartition = false;
        } else if (!spillPhase) {
            spillPhase = true;
            table = null; // the in-memory partitions are done: their table's memory is free for the spilled ones
            bridge.release(driver);
            spilled.probeEnded();
        }
        switch (spilled.advance()) {
            case WORKING -> {
                return YIELD;
            }
            case WAITING -> {
                return NOT_READY;
            }
            case DONE -> {
                spilled.close();
                spilled = null;
                return null;
            }
            case READY -> {
                table = spilled.table();
                matchedBuild = type.marksBuild() ? new BitSet() : null;
                unmatchedBuild = null;
                unmatchedPosition = 0;
                inPartition = true;
                probeDone = false;
                return null;
            }
        }
        throw new IllegalStateException();
    }

    /** A spilled partition's table while it is joined, or the rows being loaded into it. */
    @Override
    public long retainedBytes() {
        SpilledJoin s = spilled;
        return s == null ? 0 : s.retainedBytes();
    }

    /** Starts joining a probe batch; returns output right away for the cases that need no pair walk. */
    private Batch start(Batch b) {
        int n = b.positionCount();
        if (n == 0) {
            return null;
        }
        if (type == JoinType.NULL_AWARE_ANTI) {
            if (notInBuildEmpty) {
                return b; // x NOT IN (empty) is TRUE, even for a NULL x
            }
            if (notInBuildHasNullKey) {
                return null; // x NOT IN (..., NULL, ...) is never TRUE
            }
        } else if (table.rowCount() == 0) {
            return switch (type) {
                case INNER, SEMI, RIGHT, RIGHT_SEMI, RIGHT_ANTI -> null;
                case ANTI -> b;
                case LEFT, FULL -> padded(b, allPositions(n), n);
                case NULL_AWARE_ANTI -> throw new IllegalStateException();
            };
        }
        int[] chainHeads = table.hasKeys() ? table.heads(probeKeys.evaluate(b), probeScratch) : keyless(n);
        if (type == JoinType.INNER && table.uniqueKeys()) {
            int matches = ProbeView.matches(chainHeads, n);
            if (matches == 0) {
                return null;
            }
            if (ProbeView.pays(b.rowCount(), matches, probeTypes.size(), buildTypes.size())) {
                return ProbeView.of(b, chainHeads, matches, table.rows(), residual,
                        c -> copied == null || copied.get(probeTypes.size() + c) ? null
                                : placeholder(probeTypes.size() + c, b.rowCount()));
            }
        }
        if (!needPairs) {
            if (type.outputsBuildOnly()) {
                markChains(chainHeads);
                return null;
            }
            return semiOrAnti(b, chainHeads);
        }
        current = b;
        heads = chainHeads;
        matchedProbe = tracksProbeMatches ? new boolean[n] : null;
        position = 0;
        chain = heads[0];
        return null;
    }

    /**
     * RIGHT_SEMI/RIGHT_ANTI without a residual: every build row of a matched chain is matched. A chain whose first
     * row is marked is marked whole, so each chain is walked once per prober however many probe rows hit it.
     */
    private void markChains(int[] chainHeads) {
        for (int h : chainHeads) {
            if (h >= 0 && !matchedBuild.get(h)) {
                for (int row = h; row >= 0; row = table.next(row)) {
                    matchedBuild.set(row);
                }
            }
        }
    }

    private int[] keyless(int n) {
        int[] h = new int[n];
        java.util.Arrays.fill(h, table.firstRow());
        return h;
    }

    /** SEMI/ANTI/NULL_AWARE_ANTI without a residual: existence of a chain decides. */
    private Batch semiOrAnti(Batch b, int[] chainHeads) {
        int n = b.positionCount();
        int[] keep = new int[n];
        int count = 0;
        boolean[] nullKey = type == JoinType.NULL_AWARE_ANTI ? nullKeys(b) : null;
        for (int i = 0; i < n; i++) {
            boolean match = chainHeads[i] >= 0;
            boolean out = switch (type) {
                case SEMI -> match;
                case ANTI -> !match;
                case NULL_AWARE_ANTI -> !match && !nullKey[i];
                default -> throw new IllegalStateException(type.name());
            };
            if (out) {
                keep[count++] = i;
            }
        }
        return count == 0 ? null : select(b, keep, count);
    }

    private boolean[] nullKeys(Batch b) {
        Batch keys = probeKeys.evaluate(b);
        int n = b.positionCount();
        boolean[] nulls = new boolean[n];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < keys.columnCount(); k++) {
                nulls[i] |= keys.column(k).isNull(i);
            }
        }
        return nulls;
    }

    /** Next output of the current probe batch, or null once it is done (then {@code current} is null). */
    private Batch advance() {
        int n = current.positionCount();
        while (position < n) {
            int count = 0;
            while (position < n && count < MAX_PAIRS) {
                if (chain < 0) {
                    position++;
                    chain = position < n ? heads[position] : -1;
                    continue;
                }
                if (skipMarked && matchedBuild.get(chain)) {
                    chain = table.next(chain); // a build row already returned: its pair decides nothing
                    continue;
                }
                probePositions[count] = position;
                buildRows[count] = chain;
                count++;
                chain = table.next(chain);
            }
            if (count == 0) {
                break;
            }
            Batch pairs = pairs(probePositions, buildRows, count);
            int[] passing = Flat.identity(count);
            int kept = residual == null ? count : residual.filter(pairs, passing, count, passing);
            for (int k = 0; k < kept; k++) {
                int pair = passing[k];
                if (matchedProbe != null) {
                    matchedProbe[probePositions[pair]] = true;
                }
                if (matchedBuild != null) {
                    matchedBuild.set(buildRows[pair]);
                }
            }
            if (type.outputsBuild() && kept > 0) {
                return kept == count ? pairs : pairs.withSelection(passing, kept);
            }
        }
        Batch tail = finishBatch();
        current = null;
        return tail;
    }

    /** After the last pair of a probe batch: the rows the join type returns from what matched. */
    private Batch finishBatch() {
        if (!tracksProbeMatches) {
            return null;
        }
        int n = current.positionCount();
        int[] keep = new int[n];
        int count = 0;
        boolean wantMatched = type == JoinType.SEMI;
        for (int i = 0; i < n; i++) {
            if (matchedProbe[i] == wantMatched) {
                keep[count++] = i;
            }
        }
        if (count == 0) {
            return null;
        }
        return type.keepsUnmatchedProbe() ? padded(current, keep, count) : select(current, keep, count);
    }

    private Batch pairs(int[] probePositions, int[] buildRows, int count) {
        int[] probeRows = new int[count];
        for (int k = 0; k < count; k++) {
            probeRows[k] = current.row(probePositions[k]);
        }
        ColumnVector[] columns = new ColumnVector[probeTypes.size() + buildTypes.size()];
        for (int c = 0; c < probeTypes.size(); c++) {
            columns[c] = pairColumn(c, current.column(c), probeRows, count);
        }
        Batch rows = table.rows();
        for (int c = 0; c < buildTypes.size(); c++) {
            columns[probeTypes.size() + c] = pairColumn(probeTypes.size() + c, rows.column(c), buildRows, count);
        }
        return new Batch(count, columns);
    }

    /** Probe positions with NULLs for the build columns. */
    private Batch padded(Batch b, int[] positions, int count) {
        int[] rows = new int[count];
        for (int k = 0; k < count; k++) {
            rows[k] = b.row(positions[k]);
        }
        ColumnVector[] columns = new ColumnVector[probeTypes.size() + buildTypes.size()];
        for (int c = 0; c < probeTypes.size(); c++) {
            columns[c] = b.column(c).copyPositions(rows, 0, count);
        }
        for (int c = 0; c < buildTypes.size(); c++) {
            columns[probeTypes.size() + c] = NullVectors.of(buildTypes.get(c), count);
        }
        return new Batch(count, columns);
    }

    /**
     * After the probe side: RIGHT/FULL, the build rows no prober matched with NULLs for the probe columns; RIGHT_ANTI
     * the same rows alone, RIGHT_SEMI the build rows some prober matched.
     */
    private Batch unmatchedBuildRows() {
        if (matchedBuild == null) {
            return null;
        }
        if (unmatchedBuild == null) {
            if (!table.proberFinished(matchedBuild)) {
                matchedBuild = null;
                return null;
            }
            unmatchedBuild = type == JoinType.RIGHT_SEMI ? table.matchedRows() : table.unmatchedRows();
        }
        if (unmatchedPosition >= unmatchedBuild.length) {
            return null;
        }
        int count = Math.min(MAX_PAIRS, unmatchedBuild.length - unmatchedPosition);
        int probeWidth = type.outputsBuildOnly() ? 0 : probeTypes.size();
        ColumnVector[] columns = new ColumnVector[probeWidth + buildTypes.size()];
        for (int c = 0; c < probeWidth; c++) {
            columns[c] = NullVectors.of(probeTypes.get(c), count);
        }
        for (int c = 0; c < buildTypes.size(); c++) {
            columns[probeWidth + c] = table.rows().column(c).copyPositions(unmatchedBuild, unmatchedPosition, count);
        }
        unmatchedPosition += count;
        return new Batch(count, columns);
    }

    private static Batch select(Batch b, int[] positions, int count) {
        int[] rows = new int[count];
        for (int k = 0; k < count; k++) {
            rows[k] = b.row(positions[k]);
        }
        return b.withSelection(rows, count);
    }

    private static int[] allPositions(int n) {
        return Flat.identity(n);
    }

    @Override
    public void close() {
        probe.close();
        current = null;
        if (spilled != null) {
            spilled.close();
            spilled = null;
        } else if (!started) {
            bridge.probeClosedEarly(driver);
        }
    }
}
