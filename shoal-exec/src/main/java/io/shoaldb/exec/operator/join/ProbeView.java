package io.shoaldb.exec.operator.join;

import io.shoaldb.exec.expr.FilterExpression;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import java.util.function.IntFunction;

/**
 * The output of an INNER join for one probe batch when the build side's keys are unique, so that each probe row
 * matches at most one build row: the probe batch itself - its vectors untouched, the matched rows as its selection -
 * beside the build columns gathered by probe row. The probe columns are not copied here; the operators above copy
 * only those they read (a projection compacts its own columns), and a dictionary-encoded probe column stays encoded
 * for an aggregation that looks its keys up once per dictionary entry. The build columns are gathered over every
 * row of the probe vectors (rows that are not selected take build row 0 and are never read), so this pays when the
 * matches are dense enough: {@link #pays} weighs it against the pair batches, which copy every probe and build column
 * once per match.
 */
final class ProbeView {
    private ProbeView() {
    }

    /** How many of the positions have a match ({@code heads[i] >= 0}). */
    static int matches(int[] heads, int positions) {
        int m = 0;
        for (int i = 0; i < positions; i++) {
            m += heads[i] >= 0 ? 1 : 0;
        }
        return m;
    }

    /** Whether gathering the build columns over all {@code rows} copies fewer values than pairs of the matches do. */
    static boolean pays(int rows, int matches, int probeColumns, int buildColumns) {
        return (long) rows * buildColumns <= (long) matches * (probeColumns + buildColumns);
    }

    /**
     * The matched probe rows with their build rows, filtered by {@code residual} (over probe then build columns) when
     * there is one; null when no row is left.
     *
     * @param heads per probe position, the one build row with its key, or -1
     * @param unread per build column, a stand-in when nobody reads it (then it is not gathered), or null
     */
    static Batch of(Batch probe, int[] heads, int matches, Batch build, FilterExpression residual,
                    IntFunction<ColumnVector> unread) {
        int rows = probe.rowCount();
        int[] buildRow = new int[rows];
        int[] selected = new int[matches];
        int count = 0;
        for (int i = 0, n = probe.positionCount(); i < n; i++) {
            if (heads[i] >= 0) {
                int row = probe.row(i);
                buildRow[row] = heads[i];
                selected[count++] = row;
            }
        }
        ColumnVector[] columns = new ColumnVector[probe.columnCount() + build.columnCount()];
        for (int c = 0; c < probe.columnCount(); c++) {
            columns[c] = probe.column(c);
        }
        for (int c = 0; c < build.columnCount(); c++) {
            ColumnVector standIn = unread.apply(c);
            columns[probe.columnCount() + c] = standIn != null ? standIn : build.column(c).copyPositions(buildRow, 0, rows);
        }
        Batch out = new Batch(rows, columns);
        if (residual != null) {
            count = residual.filter(out, selected, count, selected);
        }
        if (count == 0) {
            return null;
        }
        return count == rows ? out : out.withSelection(selected, count);
    }
}
