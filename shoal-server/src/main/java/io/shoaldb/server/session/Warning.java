package io.shoaldb.server.session;

/** One row of SHOW WARNINGS. */
public record Warning(String level, int code, String message) {
}
