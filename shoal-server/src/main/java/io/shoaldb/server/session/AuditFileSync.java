package io.shoaldb.server.session;

import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.recovery.ResilientFileOutputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.util.IdentityHashMap;
import java.util.Map;
import org.slf4j.LoggerFactory;

/**
 * Writes the audit files out to the device a little at a time. The audit log needs no fsync for its own sake (a
 * crash may lose its last lines), but left to the kernel its pages go out 30 seconds after they were written, in one
 * burst per flusher pass: at 40,000 statements a second that is 100-200 MB at once. A WAL fsync queued behind such a
 * burst waits tens of milliseconds, and so does every acknowledgement waiting for it. Syncing each audit file
 * whenever {@link #SYNC_BYTES} more have been written since its last sync keeps every such write-out to a millisecond
 * or two of the device, on the audit writer's thread.
 */
final class AuditFileSync {
    static final long SYNC_BYTES = 1 << 20;

    /** Per appender: the channel of its current file and where that file was last synced up to. */
    private final Map<OutputStreamAppender<?>, Synced> files = new IdentityHashMap<>();
    private long syncs;

    private record Synced(FileChannel channel, long upTo) {
    }

    /**
     * Syncs the appender's current file if {@link #SYNC_BYTES} or more were written to it since its last sync. Call
     * it after the appender flushed, from the only thread that appends to it (a roll-over replaces the file under
     * the appending thread).
     */
    void afterDrain(OutputStreamAppender<?> appender) {
        if (!(appender.getOutputStream() instanceof ResilientFileOutputStream stream)) {
            return;
        }
        FileChannel channel = stream.getChannel();
        if (!channel.isOpen()) {
            return; // the appender was stopped
        }
        Synced last = files.get(appender);
        long syncedUpTo = last != null && last.channel() == channel ? last.upTo() : 0;
        try {
            long written = channel.position(); // an appending file's position is its size
            if (written - syncedUpTo >= SYNC_BYTES) {
                channel.force(false);
                syncs++;
                syncedUpTo = written;
            }
        } catch (IOException e) {
            // The appender reports its own write errors; a failed sync only leaves the write-out to the kernel.
            LoggerFactory.getLogger(AuditFileSync.class).warn("cannot sync the audit file {}", stream.getFile(), e);
        }
        files.put(appender, new Synced(channel, syncedUpTo));
    }

    /** How many syncs were made (for tests). */
    long syncs() {
        return syncs;
    }
}
