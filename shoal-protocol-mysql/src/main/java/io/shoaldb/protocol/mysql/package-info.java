/** The MySQL wire-protocol server: accepts connections and binds each one to a {@link io.shoaldb.api.Session}. */
package io.shoaldb.protocol.mysql;
