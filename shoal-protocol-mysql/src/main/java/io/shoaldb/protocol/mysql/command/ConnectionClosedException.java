package io.shoaldb.protocol.mysql.command;

/** The client went away while a reply was being written; the command is abandoned without an error packet. */
public final class ConnectionClosedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ConnectionClosedException() {
        super("connection closed", null, false, false);
    }
}
