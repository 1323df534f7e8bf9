package io.shoaldb.common.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

/**
 * Local files under one root that remember what a power loss could keep. The disk holds what the process sees
 * (the page cache); beside it this facade keeps, per file, the bytes its last fsync made durable and, per
 * directory, its entries as of its last fsync plus the entry operations since (create, delete, rename, in
 * order). {@link #powerLoss} stops the process's view (every later operation fails, as if the machine were
 * gone) and rewrites the root to a state the device could hold after losing power: each directory keeps its
 * durable entries plus a random prefix of its later operations (a journaling file system commits metadata in
 * order, and a rename is atomic), each file its durable bytes plus a random prefix of the unsynced bytes
 * after them. Everything in the rewritten root is durable for the next process.
 *
 * <p>Use: build the engines on a {@code PowerLossFiles}, let them work (optionally {@link #crashAfter} a
 * number of operations, so the crash lands inside their work), call {@link #powerLoss}, and reopen them on
 * {@link #restarted()}. One facade per process lifetime; synchronised, since engines call it from many threads.
 */
public final class PowerLossFiles implements FilesFacade {
    private final LocalFiles disk = new LocalFiles();
    private final Path root;
    private final Map<Path, Node> nodes = new HashMap<>();
    private boolean down;
    private long operations;
    private long crashAt = Long.MAX_VALUE;

    /** A file or directory as the device knows it. */
    private static final class Node {
        final boolean directory;
        Path path;
        /** Files: the bytes the last fsync made durable. */
        byte[] durable = new byte[0];
        /** Directories: entries as of the last fsync, and the entry operations since. */
        final Map<String, Node> durableEntries = new LinkedHashMap<>();
        final List<EntryOp> pending = new ArrayList<>();

        Node(boolean directory, Path path) {
            this.directory = directory;
            this.path = path;
        }
    }

    /**
     * One directory entry change: {@code node == null} removes {@code name}, otherwise (re)binds it; a rename
     * within the directory also removes {@code renamedFrom} in the same step (renames are atomic).
     */
    private record EntryOp(String name, Node node, String renamedFrom) {
        void applyTo(Map<String, Node> entries) {
            if (renamedFrom != null) {
                entries.remove(renamedFrom);
            }
            if (node == null) {
                entries.remove(name);
            } else {
                entries.put(name, node);
            }
        }
    }

    /** A facade over {@code root}, whose current contents count as durable. */
    public PowerLossFiles(Path root) throws IOException {
        this.root = root.toAbsolutePath();
        Files.createDirectories(this.root);
        adopt(this.root);
    }

    private Node adopt(Path path) throws IOException {
        Node node = new Node(Files.isDirectory(path), path);
        nodes.put(path, node);
        if (node.directory) {
            try (Stream<Path> children = Files.list(path)) {
                for (Path child : children.toList()) {
                    node.durableEntries.put(child.getFileName().toString(), adopt(child));
                }
            }
        } else {
            node.durable = Files.readAllBytes(path);
        }
        return node;
    }

    /** The power goes after {@code n} more operations (opens, writes, fsyncs, renames...). */
    public synchronized void crashAfter(long n) {
        crashAt = operations + n;
    }

    /** Whether the simulated machine is down (a {@link #crashAfter} point was reached or power was lost). */
    public synchronized boolean isDown() {
        return down;
    }

    /**
     * Loses power: stops this facade (every later call fails) and rewrites the root to what the device could
     * hold, chosen by {@code random}.
     */
    public synchronized void powerLoss(Random random) throws IOException {
        down = true;
        Map<Node, byte[]> seen = new IdentityHashMap<>();
        for (Node n : nodes.values()) {
            if (!n.directory && Files.isRegularFile(n.path)) {
                seen.put(n, Files.readAllBytes(n.path));
            }
        }
        Node top = nodes.get(root);
        clear(root);
        materialize(top, root, seen, random);
    }

    /** A fresh facade over the state the power loss left, for the next process. */
    public PowerLossFiles restarted() throws IOException {
        return new PowerLossFiles(root);
    }

    private void materialize(Node dir, Path at, Map<Node, byte[]> seen, Random random)
            throws IOException {
        Map<String, Node> entries = new LinkedHashMap<>(dir.durableEntries);
        int kept = dir.pending.isEmpty() ? 0 : random.nextInt(dir.pending.size() + 1);
        for (EntryOp op : dir.pending.subList(0, kept)) {
            op.applyTo(entries);
        }
        for (var e : entries.entrySet()) {
            Path child = at.resolve(e.getKey());
            Node n = e.getValue();
            if (n.directory) {
                Files.createDirectories(child);
                materialize(n, child, seen, random);
            } else {
                Files.write(child, survivingBytes(n, seen.get(n), random));
            }
        }
    }

    /**
     * The durable bytes with a random prefix of the unsynced writes applied: from the first byte where the
     * process's view differs from the durable bytes, a random number of the view's bytes replace (or, past
     * the durable end, extend) them. Covers appends and writes in place over a preallocated file alike. A
     * file the process shortened without an fsync keeps its durable bytes.
     */
    private static byte[] survivingBytes(Node file, byte[] current, Random random) {
        byte[] durable = file.durable;
        if (current == null || current.length < durable.length) {
            return durable;
        }
        int from = Arrays.mismatch(current, 0, durable.length, durable, 0, durable.length);
        if (from < 0) {
            from = durable.length;
        }
        if (from == current.length) {
            return durable;
        }
        int extra = random.nextInt(current.length - from + 1);
        byte[] kept = Arrays.copyOf(durable, Math.max(durable.length, from + extra));
        System.arraycopy(current, from, kept, from, extra);
        return kept;
    }

    private static void clear(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                if (!p.equals(dir)) {
                    Files.delete(p);
                }
            }
        }
    }

    // ---- the FilesFacade, as the process sees it --------------------------------------------------------

    private void step() throws IOException {
        if (down || ++operations > crashAt) {
            down = true;
            throw new IOException("power lost (simulated)");
        }
    }

    private Node nodeOf(Path path) {
        return nodes.get(path.toAbsolutePath());
    }

    private void bind(Path path, Node node) {
        Path abs = path.toAbsolutePath();
        Node parent = nodes.get(abs.getParent());
        if (parent == null) {
            throw new IllegalStateException(abs + " is outside " + root + " or its parent is unknown");
        }
        parent.pending.add(new EntryOp(abs.getFileName().toString(), node, null));
        if (node != null) {
            node.path = abs;
            nodes.put(abs, node);
        } else {
            nodes.remove(abs);
        }
    }

    @Override
    public synchronized FileChannel open(Path file, OpenOption... options) throws IOException {
        step();
        Path abs = file.toAbsolutePath();
        boolean existed = Files.exists(abs);
        FileChannel channel = disk.open(abs, options);
        Node node = nodeOf(abs);
        if (!existed || node == null) {
            node = new Node(false, abs);
            bind(abs, node);
        }
        Node bound = node;
        return new ForwardingFileChannel(channel) {
            @Override
            public int write(ByteBuffer src) throws IOException {
                checkUp();
                return super.write(src);
            }

            @Override
            public int write(ByteBuffer src, long position) throws IOException {
                checkUp();
                return super.write(src, position);
            }

            @Override
            public FileChannel truncate(long size) throws IOException {
                checkUp();
                return super.truncate(size);
            }

            @Override
            public void force(boolean metaData) throws IOException {
                sync(bound);
            }
        };
    }

    private synchronized void checkUp() throws IOException {
        step();
    }

    private synchronized void sync(Node file) throws IOException {
        step();
        if (Files.isRegularFile(file.path) && nodes.get(file.path) == file) {
            file.durable = Files.readAllBytes(file.path);
        }
    }

    @Override
    public void fsync(FileChannel channel) throws IOException {
        channel.force(true);
    }

    @Override
    public synchronized void fsyncDirectory(Path dir) throws IOException {
        step();
        Node node = nodeOf(dir);
        if (node == null || !node.directory) {
            throw new IOException("not a known directory: " + dir);
        }
        for (EntryOp op : node.pending) {
            op.applyTo(node.durableEntries);
        }
        node.pending.clear();
    }

    @Override
    public synchronized void moveAtomically(Path source, Path target) throws IOException {
        step();
        disk.moveAtomically(source, target);
        Path from = source.toAbsolutePath();
        Path to = target.toAbsolutePath();
        Node node = nodes.remove(from);
        if (node == null) {
            throw new IllegalStateException("unknown file " + from);
        }
        if (from.getParent().equals(to.getParent())) {
            nodes.get(to.getParent()).pending.add(new EntryOp(to.getFileName().toString(), node,
                    from.getFileName().toString()));
            node.path = to;
            nodes.put(to, node);
        } else { // across directories: two steps, as the file system journals them
            nodes.get(from.getParent()).pending.add(new EntryOp(from.getFileName().toString(), null, null));
            bind(to, node);
        }
    }

    @Override
    public synchronized void createDirectories(Path dir) throws IOException {
        step();
        Path abs = dir.toAbsolutePath();
        List<Path> missing = new ArrayList<>();
        for (Path p = abs; p != null && nodeOf(p) == null; p = p.getParent()) {
            missing.addFirst(p);
        }
        disk.createDirectories(abs);
        for (Path p : missing) {
            bind(p, new Node(true, p));
        }
    }

    @Override
    public synchronized boolean exists(Path path) {
        return disk.exists(path);
    }

    @Override
    public synchronized boolean deleteIfExists(Path file) throws IOException {
        step();
        boolean deleted = disk.deleteIfExists(file);
        if (deleted) {
            bind(file, null);
        }
        return deleted;
    }

    @Override
    public synchronized List<Path> list(Path dir) throws IOException {
        step();
        return disk.list(dir);
    }

    @Override
    public synchronized byte[] readAllBytes(Path file) throws IOException {
        step();
        return disk.readAllBytes(file);
    }

    @Override
    public long usableSpace(Path path) throws IOException {
        return disk.usableSpace(path);
    }
}
