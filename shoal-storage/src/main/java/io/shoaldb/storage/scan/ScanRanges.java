package io.shoaldb.storage.scan;

import io.shoaldb.storage.TableSnapshot;
import io.shoaldb.storage.rowset.RowsetMeta;
import io.shoaldb.storage.tablet.KeysModel;
import java.util.ArrayList;
import java.util.List;

/**
 * Cuts a table scan into work units ({@link ScanRange}s) that the scan's drivers take from one shared queue, so that
 * a one-tablet table or a skewed bucket keeps every driver busy.
 *
 * <p>Unit size: {@code rows / (4 x drivers)}, kept between {@link #MIN_UNIT_ROWS} and {@link #MAX_UNIT_ROWS}. Four
 * units per driver or more bound the idle tail (a driver that takes the last unit runs at most about a quarter of
 * its share alone). At most 128K rows (16 pages of the writer's 8192-row maximum, a millisecond or two of scanning)
 * keeps that tail short on big tables while a unit's fixed cost (opening the segment through the footer cache,
 * checking its zone maps) stays negligible. At least 8192 rows, one full page: finer slices would hold a page
 * each or none. Segments are only ever cut, never merged, so a unit never spans two segments.
 *
 * <p>UNIQUE and AGGREGATE tablets stay one unit each: their rows are merged on read across all segments of the
 * tablet. Units are ordered round-robin over the tablets (first unit of each tablet, then the second, ...), so
 * drivers starting together read different tablets, which lie on different data paths.
 *
 * <p>The last units of the queue are cut finer: the final {@link #TAIL_UNITS_PER_DRIVER} units per driver become
 * {@link #TAIL_PIECES} slices each (slices {@code 4k..4k+3} of {@code 4n} take exactly the pages of slice {@code k}
 * of {@code n}), as long as a piece keeps the smallest unit's rows. A driver that takes a big unit just before
 * the queue runs dry leaves the others idle until it finishes - up to a whole unit, which for a short query is a
 * large share of its time on several drivers; with small pieces at the end, the drivers run out of work within a
 * piece of each other, while the units before them stay big and cheap to open.
 */
public final class ScanRanges {
    public static final long MIN_UNIT_ROWS = 8_192;
    public static final long MAX_UNIT_ROWS = 131_072;
    private static final int UNITS_PER_DRIVER = 4;
    static final int TAIL_UNITS_PER_DRIVER = 2;
    static final int TAIL_PIECES = 4;

    private ScanRanges() {
    }

    /** The work units of a scan of {@code snapshot} by {@code drivers} drivers; none for a table without rows. */
    public static List<ScanRange> split(TableSnapshot snapshot, int drivers) {
        return split(snapshot, drivers, MIN_UNIT_ROWS);
    }

    /** Same with another smallest unit (tests cut small tables into many slices with it). */
    static List<ScanRange> split(TableSnapshot snapshot, int drivers, long minUnitRows) {
        long tableRows = 0;
        for (long tablet : snapshot.tabletIds()) {
            for (RowsetMeta r : snapshot.rowsets(tablet)) {
                tableRows += r.rowCount();
            }
        }
        long unitRows = Math.clamp(tableRows / ((long) UNITS_PER_DRIVER * Math.max(1, drivers)), minUnitRows,
                Math.max(minUnitRows, MAX_UNIT_ROWS));
        boolean sliceable = snapshot.schema().model() == KeysModel.DUPLICATE;
        List<List<ScanRange>> perTablet = new ArrayList<>();
        for (long tablet : snapshot.tabletIds()) {
            List<RowsetMeta> rowsets = snapshot.rowsets(tablet);
            if (rowsets.isEmpty()) {
                continue;
            }
            perTablet.add(sliceable ? slices(tablet, rowsets, unitRows) : List.of(ScanRange.wholeTablet(tablet)));
        }
        List<ScanRange> out = new ArrayList<>();
        for (int i = 0; ; i++) {
            int before = out.size();
            for (List<ScanRange> units : perTablet) {
                if (i < units.size()) {
                    out.add(units.get(i));
                }
            }
            if (out.size() == before) {
                return finerTail(out, drivers, minUnitRows);
            }
        }
    }

    /** The units with the last {@link #TAIL_UNITS_PER_DRIVER} per driver cut into up to {@link #TAIL_PIECES}. */
    private static List<ScanRange> finerTail(List<ScanRange> units, int drivers, long minUnitRows) {
        int tail = Math.min(units.size(), TAIL_UNITS_PER_DRIVER * Math.max(1, drivers));
        List<ScanRange> out = new ArrayList<>(units.subList(0, units.size() - tail));
        for (ScanRange unit : units.subList(units.size() - tail, units.size())) {
            if (unit.isWholeTablet()) {
                out.add(unit);
                continue;
            }
            RowsetMeta r = unit.rowset();
            long segmentRows = (r.rowCount() + r.segmentFiles().size() - 1) / r.segmentFiles().size();
            int pieces = (int) Math.min(TAIL_PIECES, segmentRows / unit.slices() / minUnitRows);
            if (pieces <= 1) {
                out.add(unit);
                continue;
            }
            for (int k = 0; k < pieces; k++) {
                out.add(new ScanRange(unit.tabletId(), r, unit.segment(), unit.slice() * pieces + k,
                        unit.slices() * pieces));
            }
        }
        return out;
    }

    /** Each segment of the tablet cut into slices of about {@code unitRows} (a rowset's rows spread evenly). */
    static List<ScanRange> slices(long tablet, List<RowsetMeta> rowsets, long unitRows) {
        List<ScanRange> out = new ArrayList<>();
        for (RowsetMeta r : rowsets) {
            int segments = r.segmentFiles().size();
            if (segments == 0 || r.rowCount() == 0) {
                continue;
            }
            long segmentRows = (r.rowCount() + segments - 1) / segments;
            int slices = (int) Math.max(1, (segmentRows + unitRows - 1) / unitRows);
            for (int s = 0; s < segments; s++) {
                for (int k = 0; k < slices; k++) {
                    out.add(new ScanRange(tablet, r, s, k, slices));
                }
            }
        }
        return out;
    }
}
