package io.shoaldb.storage.compaction;

import io.shoaldb.storage.rowset.RowsetMeta;
import java.util.List;

/**
 * Size-tiered choice of what to merge in one tablet. Nothing while the tablet has at most
 * {@code triggerRowsets} rowsets. Otherwise the longest run of consecutive (in version) small rowsets,
 * at most {@code maxInputs} of them, oldest first, without a leading rowset holding more rows than the rest of
 * the run together - many small group commits collapse into one rowset whose size then grows by tiers. The
 * head is weighed in rows, not bytes: a merged rowset compresses several times better than the small ones it
 * came from, so by bytes it would look smaller than the next batch of small commits and be rewritten by every
 * compaction (write amplification growing with the tablet, not with its logarithm). When no two small rowsets are adjacent (all large, or small ones
 * separated by large ones), the window of up to {@code maxInputs} consecutive rowsets with the fewest
 * bytes, so the rowset count stays bounded whatever the sizes. Only consecutive rowsets are merged:
 * the output then stands for one version range and merge-on-read stays correct.
 */
public final class CompactionPolicy {
    private final int triggerRowsets;
    private final int maxInputs;
    private final long smallRowsetBytes;

    public CompactionPolicy(int triggerRowsets, int maxInputs, long smallRowsetBytes) {
        this.triggerRowsets = triggerRowsets;
        this.maxInputs = maxInputs;
        this.smallRowsetBytes = smallRowsetBytes;
    }

    /** The rowsets to merge (a consecutive sublist of {@code rowsets}, which are in version order), or empty. */
    public List<RowsetMeta> choose(List<RowsetMeta> rowsets) {
        int n = rowsets.size();
        if (n <= triggerRowsets || n < 2) {
            return List.of();
        }
        int bestStart = -1;
        int bestLength = 0;
        for (int i = 0; i < n; ) {
            if (rowsets.get(i).dataBytes() >= smallRowsetBytes) {
                i++;
                continue;
            }
            int j = i;
            while (j < n && rowsets.get(j).dataBytes() < smallRowsetBytes) {
                j++;
            }
            if (j - i > bestLength) {
                bestStart = i;
                bestLength = j - i;
            }
            i = j;
        }
        if (bestLength >= 2) {
            int start = bestStart;
            int end = bestStart + bestLength;
            // A head larger than everything merged with it would mostly be rewritten as it is: leave it, so
            // sizes grow by tiers and each row is rewritten O(log n) times, not once per compaction.
            while (end - start > 2 && rowsets.get(start).rowCount() > rows(rowsets, start + 1,
                    Math.min(end, start + maxInputs))) {
                start++;
            }
            return rowsets.subList(start, Math.min(end, start + maxInputs));
        }
        int window = Math.min(maxInputs, n);
        long bestBytes = Long.MAX_VALUE;
        for (int i = 0; i + window <= n; i++) {
            long bytes = 0;
            for (int k = i; k < i + window; k++) {
                bytes += rowsets.get(k).dataBytes();
            }
            if (bytes < bestBytes) {
                bestBytes = bytes;
                bestStart = i;
            }
        }
        return rowsets.subList(bestStart, bestStart + window);
    }

    /**
     * Like {@link #choose(List)}; and when inline rowsets {@code pressInlineMemory} (hold half their memory limit or
     * more), a tablet with nothing to merge by that rule gives up its inline rowsets: the longest run of consecutive
     * inline ones, at most {@code maxInputs}, even one alone, rewritten into a file. A load's inline rowsets share one
     * image, kept in memory until every tablet's run of it is gone, so a tablet that rarely gets rows (a skewed
     * distribution key) would otherwise hold whole images of other tablets' loads and fill the limit, after which
     * every small load on the node writes files again.
     */
    public List<RowsetMeta> choose(List<RowsetMeta> rowsets, boolean pressInlineMemory) {
        List<RowsetMeta> chosen = choose(rowsets);
        if (!chosen.isEmpty() || !pressInlineMemory) {
            return chosen;
        }
        int bestStart = 0;
        int bestLength = 0;
        for (int i = 0; i < rowsets.size(); ) {
            int j = i;
            while (j < rowsets.size() && rowsets.get(j).inline()) {
                j++;
            }
            if (j - i > bestLength) {
                bestStart = i;
                bestLength = j - i;
            }
            i = Math.max(j, i + 1);
        }
        return rowsets.subList(bestStart, bestStart + Math.min(bestLength, maxInputs));
    }

    private static long rows(List<RowsetMeta> rowsets, int from, int to) {
        long sum = 0;
        for (int i = from; i < to; i++) {
            sum += rowsets.get(i).rowCount();
        }
        return sum;
    }
}
