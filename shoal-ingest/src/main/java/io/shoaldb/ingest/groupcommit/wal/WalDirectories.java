package io.shoaldb.ingest.groupcommit.wal;

import io.shoaldb.common.io.FilesFacade;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The configured WAL directories ({@code group_commit_wal_path}). A new WAL goes to the directory with the
 * most usable space at that moment (Doris picks at random among available ones; most-room spreads the same
 * way when disks are equal and avoids filling the small one). Table directories are created durably once.
 *
 * <p>A directory where a WAL append or fsync failed is <i>distressed</i> until a WAL in it fsyncs again: new
 * WALs go to a healthy directory while there is one, and the condition shows in metrics and the health check.
 *
 * <p>Every async load asks for the usable space (the async-to-sync rule), which is a {@code statfs} system call
 * per root: at thousands of loads a second the file system is asked at most once per {@link #SPACE_MAX_AGE_NANOS}
 * per root, and loads in between get that answer. Nothing written in that time comes near the margin the rule
 * keeps free ({@code GroupCommitOptions.minFreeBytes}, 256 MiB by default).
 */
public final class WalDirectories {
    static final long SPACE_MAX_AGE_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

    /** A root's usable space as the file system last reported it, and when. */
    private record SpaceReading(long bytes, long atNanos) {
    }

    private final FilesFacade files;
    private final Map<Path, SpaceReading> space = new ConcurrentHashMap<>();
    private final List<Path> roots;
    private final Set<Path> durableDirs = ConcurrentHashMap.newKeySet();
    private final Map<Path, String> distressed = new ConcurrentHashMap<>();
    private final WalSpares spares;
    private final LongSupplier nanoClock;

    public WalDirectories(FilesFacade files, List<Path> roots) {
        this(files, roots, null);
    }

    /** With preallocated WAL files taken from (and recycled into) {@code spares}; null: WAL files grow. */
    public WalDirectories(FilesFacade files, List<Path> roots, WalSpares spares) {
        this(files, roots, spares, System::nanoTime);
    }

    WalDirectories(FilesFacade files, List<Path> roots, WalSpares spares, LongSupplier nanoClock) {
        if (roots.isEmpty()) {
            throw new IllegalArgumentException("group commit needs at least one WAL directory");
        }
        this.files = files;
        this.roots = List.copyOf(roots);
        this.spares = spares;
        this.nanoClock = nanoClock;
    }

    /** The preallocated WAL files, or null when WAL files grow by appending. */
    public WalSpares spares() {
        return spares;
    }

    public List<Path> roots() {
        return roots;
    }

    /**
     * The root with the most usable space (a root that cannot be asked counts as 0), among the healthy ones
     * while there is one: a new WAL is a fresh file, never the distressed one, but on a fresh disk if we can.
     */
    public Path bestRoot() {
        boolean anyHealthy = roots.stream().anyMatch(r -> !distressed.containsKey(r));
        Path best = roots.getFirst();
        long bestSpace = -1;
        for (Path root : roots) {
            if (anyHealthy && distressed.containsKey(root)) {
                continue;
            }
            long space = usableSpace(root);
            if (space > bestSpace) {
                best = root;
                bestSpace = space;
            }
        }
        return best;
    }

    /** Largest usable space among the roots. */
    public long maxUsableSpace() {
        long max = 0;
        for (Path root : roots) {
            max = Math.max(max, usableSpace(root));
        }
        return max;
    }

    private long usableSpace(Path root) {
        long now = nanoClock.getAsLong();
        SpaceReading last = space.get(root);
        if (last != null && now - last.atNanos() < SPACE_MAX_AGE_NANOS) {
            return last.bytes();
        }
        long bytes = askUsableSpace(root);
        space.put(root, new SpaceReading(bytes, now));
        return bytes;
    }

    private long askUsableSpace(Path root) {
        try {
            Path probe = root;
            while (probe != null && !files.exists(probe)) {
                probe = probe.getParent();
            }
            return probe == null ? 0 : files.usableSpace(probe);
        } catch (IOException e) {
            return 0;
        }
    }

    /** A WAL under this directory failed to append or fsync; returns whether the directory was healthy. */
    public boolean markDistressed(Path walFile, String why) {
        Path root = rootOf(walFile);
        return root != null && distressed.put(root, why) == null;
    }

    /** A WAL under this directory fsynced; returns whether the directory was distressed. */
    public boolean markHealthy(Path walFile) {
        Path root = rootOf(walFile);
        return root != null && !distressed.isEmpty() && distressed.remove(root) != null;
    }

    /** Distressed directories and why (the last failure). */
    public Map<Path, String> distressed() {
        return Map.copyOf(distressed);
    }

    private Path rootOf(Path walFile) {
        for (Path root : roots) {
            if (walFile.startsWith(root)) {
                return root;
            }
        }
        return null;
    }

    public static Path tableDir(Path root, long dbId, long tableId) {
        return root.resolve(Long.toString(dbId)).resolve(Long.toString(tableId));
    }

    /** Creates {@code <root>/<db>/<table>} and fsyncs the parents it created, once per process. */
    public Path ensureTableDir(Path root, long dbId, long tableId) throws IOException {
        Path dir = tableDir(root, dbId, tableId);
        if (durableDirs.contains(dir)) {
            return dir;
        }
        List<Path> created = new ArrayList<>();
        for (Path p = dir; p != null && !files.exists(p); p = p.getParent()) {
            created.add(p);
        }
        files.createDirectories(dir);
        for (Path p : created) {
            files.fsyncDirectory(p.getParent());
        }
        durableDirs.add(dir);
        return dir;
    }

    /** A WAL file found on disk. */
    public record Found(Path root, long dbId, long tableId, Path file, WalFileName name) {
    }

    /** Every live WAL file under every root, by {@code <db>/<table>/<txnId>_<label>}, sorted by path. */
    public List<Found> scan() throws IOException {
        List<Found> out = new ArrayList<>();
        for (Path root : roots) {
            for (Path db : files.list(root)) {
                long dbId = parseId(db);
                if (dbId < 0) {
                    continue; // "tmp" and other non-numeric entries
                }
                for (Path table : files.list(db)) {
                    long tableId = parseId(table);
                    if (tableId < 0) {
                        continue;
                    }
                    out.addAll(scanTable(root, dbId, tableId));
                }
            }
        }
        return out;
    }

    /** Live WAL files of one table under every root, ordered by txn id. */
    public List<Found> scanTable(long dbId, long tableId) throws IOException {
        List<Found> out = new ArrayList<>();
        for (Path root : roots) {
            out.addAll(scanTable(root, dbId, tableId));
        }
        out.sort((a, b) -> Long.compare(a.name().txnId(), b.name().txnId()));
        return out;
    }

    private List<Found> scanTable(Path root, long dbId, long tableId) throws IOException {
        List<Found> out = new ArrayList<>();
        for (Path f : files.list(tableDir(root, dbId, tableId))) {
            WalFileName name = WalFileName.parse(f);
            if (name != null) {
                out.add(new Found(root, dbId, tableId, f, name));
            }
        }
        return out;
    }

    private static long parseId(Path p) {
        String s = p.getFileName().toString();
        if (s.isEmpty() || s.length() > 19) {
            return -1;
        }
        for (int i = 0; i < s.length(); i++) {
            if (!Character.isDigit(s.charAt(i))) {
                return -1;
            }
        }
        return Long.parseLong(s);
    }
}
