package io.shoaldb.api;

/**
 * Session state the MySQL protocol reports in OK and EOF packets.
 *
 * @param autocommit whether each statement commits on its own
 * @param inTransaction whether an explicit transaction (BEGIN) is open
 */
public record SessionStatus(boolean autocommit, boolean inTransaction) {
}
