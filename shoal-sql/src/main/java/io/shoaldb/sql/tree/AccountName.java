package io.shoaldb.sql.tree;

/** {@code 'user'@'host'} as written in an account statement; the host is {@code %} when omitted. */
public record AccountName(String user, String host) {
    @Override
    public String toString() {
        return "'" + user + "'@'" + host + "'";
    }
}
