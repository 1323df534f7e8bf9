package io.shoaldb.server.session;

import io.shoaldb.server.load.PendingLoad;

/**
 * The state between BEGIN and COMMIT/ROLLBACK: the label its commit will use, and the rows written so
 * far (none until the first INSERT names a database).
 */
public final class ExplicitTransaction {
    private final String label;
    private PendingLoad load;

    public ExplicitTransaction(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** The pending rows, or null when no INSERT ran yet. */
    public PendingLoad load() {
        return load;
    }

    public void setLoad(PendingLoad pending) {
        load = pending;
    }
}
