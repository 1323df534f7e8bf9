package io.shoaldb.api;

/**
 * One authenticated client connection.
 *
 * @param connectionId the id the protocol gave the connection (MySQL's thread id)
 * @param user the user name
 * @param remoteHost the client's address, for error messages and the audit log
 * @param initialDatabase the database named at connect, or null
 * @param tlsCipher the connection's TLS cipher suite, or null for a plain connection
 */
public record ClientInfo(long connectionId, String user, String remoteHost, String initialDatabase,
        String tlsCipher) {
}
