package io.shoaldb.txn;

import java.util.Map;
import java.util.TreeMap;

/**
 * One table's committed versions on their way to readers, in version order. A commit adds its version when it
 * queues its record (under the table's version lock), marks it durable once the record's fsync returned, then
 * publishes the durable versions at the head and waits until its own is published. So the table's next commit
 * may queue its record while this one waits for its fsync (pipelined commits), and still no version becomes
 * visible before an earlier one. A version whose record failed leaves the queue; the versions queued behind it
 * fail in the log too ({@code VersionOrder}). Guarded by this object's monitor; a publish runs under it.
 *
 * @param <T> what the owner publishes a version with
 */
final class PublishQueue<T> {
    /** Publishes one version; throws if storage refused it (the version stays at the head). */
    interface Publisher<T> {
        void publish(long version, T change);
    }

    private static final class Entry<T> {
        final T change;
        boolean durable;

        Entry(T change) {
            this.change = change;
        }
    }

    private final TreeMap<Long, Entry<T>> entries = new TreeMap<>();
    /** Entries whose record's fsync has not returned yet. */
    private int notDurable;

    /** Under the table's version lock: the next version's record is being queued. */
    synchronized void add(long version, T change) {
        entries.put(version, new Entry<>(change));
        notDurable++;
    }

    /** The newest version queued and not yet published, or -1. */
    synchronized long lastVersion() {
        return entries.isEmpty() ? -1 : entries.lastKey();
    }

    /** The version's record was not written: it leaves the queue, and nobody waits for it any more. */
    synchronized void failed(long version) {
        Entry<T> e = entries.remove(version);
        if (e != null && !e.durable) {
            notDurable--;
        }
        notifyAll();
    }

    /** The version's record is durable. */
    synchronized void durable(long version) {
        Entry<T> e = entries.get(version);
        if (e != null && !e.durable) {
            e.durable = true;
            if (--notDurable == 0) {
                notifyAll(); // for awaitDurable; a waiter for an earlier version is woken by its publish
            }
        }
    }

    /**
     * Publishes the durable versions at the head until {@code version} is published, waiting for the owners of
     * earlier versions still waiting for their fsync. Throws what the publisher threw for the head (that version
     * and every later one stay queued, for the next try).
     */
    synchronized void publishThrough(long version, Publisher<T> publisher) {
        boolean interrupted = false;
        try {
            while (true) {
                publishDurable(publisher);
                if (!entries.containsKey(version)) {
                    return;
                }
                try {
                    wait();
                } catch (InterruptedException e) {
                    interrupted = true; // the version is durable: its commit must see it published
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Publishes the durable versions at the head; throws what the publisher threw (see {@link #publishThrough}). */
    synchronized void publishDurable(Publisher<T> publisher) {
        boolean published = false;
        try {
            var head = entries.firstEntry();
            while (head != null && head.getValue().durable) {
                publisher.publish(head.getKey(), head.getValue().change);
                entries.pollFirstEntry();
                published = true;
                head = entries.firstEntry();
            }
        } catch (RuntimeException e) {
            notifyAll(); // the waiters behind the head try it themselves, and fail the same way
            throw e;
        }
        if (published) {
            notifyAll(); // not otherwise: a woken waiter that finds nothing to publish must not wake all again
        }
    }

    /**
     * Waits until no queued version still waits for its fsync, for a truncate or drop holding the version lock
     * (so none is added meanwhile): then the log's state holds every durable version of the table.
     */
    synchronized void awaitDurable() {
        boolean interrupted = false;
        while (notDurable > 0) {
            try {
                wait();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Whether a durable version waits at the head: its publish failed (or is about to run). */
    synchronized boolean headDurable() {
        var head = entries.firstEntry();
        return head != null && head.getValue().durable;
    }

    /** Removes every version (the table is dropped), returning them for their owners' bookkeeping. */
    synchronized Map<Long, T> clear() {
        Map<Long, T> out = new TreeMap<>();
        entries.forEach((v, e) -> out.put(v, e.change));
        entries.clear();
        notDurable = 0;
        notifyAll();
        return out;
    }
}
