package io.shoaldb.api;

/** Opens sessions for authenticated clients. */
public interface SessionFactory {
    /**
     * Opens a session for a client that has passed authentication.
     *
     * @param client who connected, from where, and the database named in the handshake (may be null)
     * @param disconnect closes the client's connection from any thread (KILL CONNECTION from another session)
     * @throws io.shoaldb.common.error.ShoalException e.g. UNKNOWN_DATABASE for a bad initial database
     */
    Session open(ClientInfo client, Runnable disconnect);

    /** Checks credentials; both protocols (MySQL and HTTP Basic) use it. */
    Authenticator authenticator();

    /** Facts the protocols announce: version strings. */
    ServerInfo serverInfo();
}
