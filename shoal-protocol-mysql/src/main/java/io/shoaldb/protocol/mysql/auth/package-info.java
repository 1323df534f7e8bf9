/** The connection phase: Handshake v10, capability negotiation and mysql_native_password authentication. */
package io.shoaldb.protocol.mysql.auth;
