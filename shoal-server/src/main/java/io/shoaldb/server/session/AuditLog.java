package io.shoaldb.server.session;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.OutputStreamAppender;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Records every statement a client runs, one line each, to the audit logger ({@code log/shoal.audit.log}
 * by the default Logback configuration). Prepared executions are recorded only when the session asks
 * for it ({@code enable_prepared_stmt_audit_log}), because at thousands of small batches a second the
 * log would cost more than the inserts. A line reads
 * {@code conn= user= host= db= kind= time_us= state=OK|ERR error_code= return_rows= scan_rows= scan_bytes=
 * query_id= stmt=}; the statement is last so that it may contain anything but a line break.
 *
 * <p>The statement's thread only queues the raw facts ({@link AuditLine}: references and numbers, the time it
 * ended); one writer thread hands them to the logger with that time, and the logger's {@link AuditLineEncoder}
 * writes them as bytes. The writer drains the queue, then waits
 * {@link #GATHER_NANOS} for more before it sleeps, so under a steady load statement threads never wake it (a
 * wake-up per statement cost more than the INSERT's own work); only a statement finding it asleep wakes it.
 * Nothing is dropped: past {@link #CAPACITY} queued lines a statement waits for the writer, and {@link #close()}
 * writes every queued line. The file is flushed once per drain, after the last line queued, not after each line.
 */
public final class AuditLog implements AutoCloseable {
    private static final Logger AUDIT = LoggerFactory.getLogger("shoal.audit");
    static final int CAPACITY = 8192;
    private static final long GATHER_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    /**
     * How a statement ended.
     *
     * @param errorCode the MySQL error number, 0 when it succeeded
     * @param returnedRows rows of the result set sent to the client (0 for statements without one)
     * @param scannedRows rows the query's scans read from storage
     * @param scannedBytes bytes of decoded column data those scans read
     * @param queryId the executor's query id, empty when no query ran
     */
    public record Outcome(int errorCode, long returnedRows, long scannedRows, long scannedBytes, String queryId) {
        static final Outcome OK = new Outcome(0, 0, 0, 0, "");

        static Outcome error(int errorCode) {
            return new Outcome(errorCode, 0, 0, 0, "");
        }
    }

    private final ConcurrentLinkedQueue<AuditLine> queue = new ConcurrentLinkedQueue<>();
    private final AtomicInteger queued = new AtomicInteger();
    private final Thread writer;
    /** Used by the writer thread only. */
    private final AuditFileSync fileSync = new AuditFileSync();
    /** Set by the writer just before it sleeps without a time limit: the next statement wakes it. */
    private volatile boolean asleep;
    private volatile boolean closed;

    public AuditLog() {
        writer = Thread.ofPlatform().name("audit-log-writer").daemon().unstarted(this::writeUntilClosed);
        writer.start();
    }

    /** Whether a line can be queued now without waiting for the writer. */
    boolean hasRoom() {
        return queued.get() < CAPACITY;
    }

    public void record(long connectionId, String user, String host, String database, String kind,
            String statement, long elapsedMicros, Outcome outcome) {
        if (!AUDIT.isInfoEnabled()) {
            return;
        }
        AuditLine entry = new AuditLine(System.currentTimeMillis(), connectionId, user, host, database, kind, statement,
                elapsedMicros, outcome);
        if (closed) {
            write(entry); // a session closing after shutdown: nobody drains the queue any more
            return;
        }
        while (queued.get() >= CAPACITY) {
            LockSupport.unpark(writer);
            LockSupport.parkNanos(this, GATHER_NANOS);
        }
        queued.incrementAndGet();
        queue.add(entry);
        if (closed) {
            drain(); // close() came in between and the writer may be gone: write it here
        } else if (asleep) {
            LockSupport.unpark(writer);
        }
    }

    private void writeUntilClosed() {
        while (true) {
            boolean stopping = closed; // read before draining: a line queued before close() is then written
            if (!queue.isEmpty() && drain(flushingAppenders()) > 0) {
                LockSupport.parkNanos(this, GATHER_NANOS);
                continue;
            }
            if (stopping) {
                return;
            }
            asleep = true;
            if (queue.isEmpty() && !closed) {
                LockSupport.park(this);
            }
            asleep = false;
        }
    }

    /** Writes the queued lines (any thread). */
    private int drain() {
        return drain(List.of());
    }

    /**
     * Writes the queued lines. {@code flushOnce}: file appenders that flush after every line, which the writer
     * thread makes flush only after the last line it found queued - one write to the file per drain instead of
     * one per statement. Only the writer thread passes them, and it appends to them alone in the default
     * configuration, so their setting is never changed under another thread's append.
     */
    private int drain(List<OutputStreamAppender<?>> flushOnce) {
        int written = 0;
        AuditLine entry = queue.poll();
        try {
            while (entry != null) {
                AuditLine next = queue.poll();
                for (OutputStreamAppender<?> file : flushOnce) {
                    file.setImmediateFlush(next == null);
                }
                try {
                    write(entry);
                } catch (RuntimeException e) {
                    LoggerFactory.getLogger(AuditLog.class).warn("cannot write an audit line", e);
                }
                written++;
                entry = next;
            }
        } finally {
            for (OutputStreamAppender<?> file : flushOnce) {
                file.setImmediateFlush(true);
            }
            queued.addAndGet(-written);
        }
        for (OutputStreamAppender<?> file : flushOnce) {
            fileSync.afterDrain(file);
        }
        return written;
    }

    /** The audit logger's file appenders that flush after every line (Logback's default). */
    private static List<OutputStreamAppender<?>> flushingAppenders() {
        List<OutputStreamAppender<?>> found = new ArrayList<>();
        if (AUDIT instanceof ch.qos.logback.classic.Logger logback) {
            for (Iterator<Appender<ILoggingEvent>> it = logback.iteratorForAppenders(); it.hasNext(); ) {
                if (it.next() instanceof OutputStreamAppender<?> file && file.isImmediateFlush()) {
                    found.add(file);
                }
            }
        }
        return found;
    }

    /** Hands one line to the audit logger; the server's {@link AuditLineEncoder} writes it straight to bytes. */
    private static void write(AuditLine line) {
        if (AUDIT instanceof ch.qos.logback.classic.Logger logback) {
            logback.callAppenders(new AuditEvent(logback, line));
        } else {
            AUDIT.info("{}", line);
        }
    }

    /** Writes every queued line and stops the writer; later lines are written on the recording thread. */
    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(writer);
        try {
            writer.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        drain();
    }
}
