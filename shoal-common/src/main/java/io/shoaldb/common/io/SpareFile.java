package io.shoaldb.common.io;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One zero-filled file ({@link ZeroFilledFiles}) kept ready at a fixed path, so that a log that needs a new
 * preallocated file renames this one into place instead of writing megabytes of zeros on its
 * acknowledgement path. {@link #prepareAhead} fills it on a background thread; {@link #take} hands it over
 * (waiting for a running preparation, or preparing it on the spot if none was started or it failed).
 *
 * <p>The spare is expendable: its name should be one the owner deletes at start (a leftover of a crash in
 * the middle of filling it is no use), and nothing acknowledged ever lives in it before it is renamed. It is
 * filled under a name of its own ({@code <name>-fill-<n>.tmp}, which the owner's clean-up at start matches too)
 * and renamed to {@link #path} once whole, so no writer ever holds the file that {@link #take} hands over.
 */
public final class SpareFile implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SpareFile.class);
    private static final AtomicLong FILLS = new AtomicLong();

    private final FilesFacade files;
    private final Path path;
    private final long bytes;
    private boolean ready;
    private Thread preparing;
    private boolean closed;

    public SpareFile(FilesFacade files, Path path, long bytes) {
        if (bytes <= 0) {
            throw new IllegalArgumentException("a spare file needs a positive size: " + bytes);
        }
        this.files = files;
        this.path = path;
        this.bytes = bytes;
    }

    public Path path() {
        return path;
    }

    public long bytes() {
        return bytes;
    }

    /** Starts filling the spare in the background unless it is ready or being filled. */
    public synchronized void prepareAhead() {
        if (ready || preparing != null || closed) {
            return;
        }
        preparing = Thread.ofPlatform().daemon().name("spare-" + path.getFileName()).unstarted(this::fill);
        preparing.start();
    }

    private void fill() {
        boolean ok = false;
        try {
            fillAndRename();
            ok = true;
        } catch (IOException | RuntimeException e) {
            // The next take() fills it in the foreground and reports the error if it persists.
            LOG.warn("Could not prepare the spare file {}: {}", path, e.toString());
        }
        synchronized (this) {
            ready = ok;
            preparing = null;
            notifyAll();
        }
    }

    /**
     * The path of a ready spare, which the caller must now rename away (the next {@link #prepareAhead} creates
     * a new one there). Waits for a preparation in progress; fills the file itself if none is ready.
     */
    public synchronized Path take() throws IOException {
        boolean interrupted = false;
        while (preparing != null) {
            try {
                wait();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (closed) {
            throw new IOException("spare file " + path + " is closed");
        }
        if (!ready) {
            fillAndRename();
        }
        ready = false;
        return path;
    }

    private void fillAndRename() throws IOException {
        String name = path.getFileName().toString();
        String stem = name.endsWith(".tmp") ? name.substring(0, name.length() - 4) : name;
        Path filling = path.resolveSibling(stem + "-fill-" + FILLS.incrementAndGet() + ".tmp");
        ZeroFilledFiles.create(files, filling, bytes);
        files.moveAtomically(filling, path);
        files.fsyncDirectory(path.getParent());
    }

    /** Waits for a background preparation to end; no new one starts. The file itself is left as it is. */
    @Override
    public void close() {
        Thread running;
        synchronized (this) {
            closed = true;
            running = preparing;
        }
        if (running != null) {
            boolean interrupted = false;
            while (true) {
                try {
                    running.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
