package io.shoaldb.protocol.http.body;

import io.netty.buffer.ByteBuf;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A request body as a blocking {@link InputStream}, fed chunk by chunk from Netty without ever holding the
 * whole body: the producer (the event loop) {@link #offer}s buffers, the consumer (the load, on its own
 * thread) reads them. When more than {@code highWater} bytes wait, the producer is paused (socket reads stop,
 * so TCP pushes back on the client); once the consumer drains below {@code lowWater} it is resumed.
 *
 * <p>Ownership: every offered buffer is released exactly once, either when the consumer has read it, or by
 * {@link #close()} / {@link #fail} / a late {@link #offer} after close. A producer-side failure (client gone,
 * stall, body too large) makes the next read throw it, so the load aborts instead of committing a partial body.
 */
public final class BodyStream extends InputStream {
    private final FlowControl flow;
    private final long highWater;
    private final long lowWater;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final ArrayDeque<ByteBuf> chunks = new ArrayDeque<>();
    private long queuedBytes;
    private long bytesRead;
    private long maxQueuedBytes;
    private boolean finished;
    private boolean closed;
    private boolean paused;
    private IOException failure;

    public BodyStream(FlowControl flow, long highWater, long lowWater) {
        if (lowWater < 0 || highWater <= lowWater) {
            throw new IllegalArgumentException("need 0 <= lowWater < highWater, got " + lowWater + ", " + highWater);
        }
        this.flow = flow;
        this.highWater = highWater;
        this.lowWater = lowWater;
    }

    /** Producer: appends a chunk, taking ownership of it. Never blocks (it runs on the event loop). */
    public void offer(ByteBuf chunk) {
        boolean pause = false;
        lock.lock();
        try {
            if (closed || failure != null || finished) {
                chunk.release();
                return;
            }
            chunks.addLast(chunk);
            queuedBytes += chunk.readableBytes();
            maxQueuedBytes = Math.max(maxQueuedBytes, queuedBytes);
            if (!paused && queuedBytes >= highWater) {
                paused = true;
                pause = true;
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        if (pause) {
            flow.pause();
        }
    }

    /** Producer: the body ended normally; reads return -1 once the queue is drained. */
    public void finish() {
        lock.lock();
        try {
            finished = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Producer: the body can never be completed; queued data is dropped and every later read throws. */
    public void fail(IOException cause) {
        boolean resume;
        lock.lock();
        try {
            if (failure == null && !finished) {
                failure = cause;
                releaseQueued();
            }
            // nothing more will be queued, so a paused producer may read (and drop) again
            resume = paused && failure != null;
            if (resume) {
                paused = false;
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        if (resume) {
            flow.resume();
        }
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] target, int offset, int length) throws IOException {
        java.util.Objects.checkFromIndexSize(offset, length, target.length);
        if (length == 0) {
            return 0;
        }
        boolean resume = false;
        int n;
        lock.lock();
        try {
            while (true) {
                if (closed) {
                    throw new IOException("stream closed");
                }
                if (failure != null) {
                    throw failure;
                }
                if (!chunks.isEmpty()) {
                    break;
                }
                if (finished) {
                    return -1;
                }
                changed.awaitUninterruptibly();
            }
            ByteBuf head = chunks.peekFirst();
            n = Math.min(length, head.readableBytes());
            head.readBytes(target, offset, n);
            if (!head.isReadable()) {
                chunks.pollFirst().release();
            }
            queuedBytes -= n;
            bytesRead += n;
            if (paused && queuedBytes <= lowWater) {
                paused = false;
                resume = true;
            }
        } finally {
            lock.unlock();
        }
        if (resume) {
            flow.resume();
        }
        return n;
    }

    @Override
    public int available() {
        lock.lock();
        try {
            return (int) Math.min(Integer.MAX_VALUE, queuedBytes);
        } finally {
            lock.unlock();
        }
    }

    /** Consumer: done with the body (possibly early); releases what is queued and drops what still comes. */
    @Override
    public void close() {
        boolean resume;
        lock.lock();
        try {
            closed = true;
            releaseQueued();
            // a paused producer must read again, or the rest of the body (to be discarded) never drains
            resume = paused;
            paused = false;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        if (resume) {
            flow.resume();
        }
    }

    public long bytesRead() {
        lock.lock();
        try {
            return bytesRead;
        } finally {
            lock.unlock();
        }
    }

    /** The most bytes that were ever queued at once: what proves the body was never held whole. */
    public long maxQueuedBytes() {
        lock.lock();
        try {
            return maxQueuedBytes;
        } finally {
            lock.unlock();
        }
    }

    /** Whether the producer is asked to stop reading: the authoritative state for the event loop to follow. */
    public boolean paused() {
        lock.lock();
        try {
            return paused;
        } finally {
            lock.unlock();
        }
    }

    /** The producer-side failure, or null. */
    public IOException failure() {
        lock.lock();
        try {
            return failure;
        } finally {
            lock.unlock();
        }
    }

    private void releaseQueued() {
        ByteBuf chunk;
        while ((chunk = chunks.pollFirst()) != null) {
            chunk.release();
        }
        queuedBytes = 0;
    }
}
