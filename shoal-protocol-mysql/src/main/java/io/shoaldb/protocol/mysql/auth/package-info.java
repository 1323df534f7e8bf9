/**
 * Authentication: Handshake v10, capability negotiation, mysql_native_password and caching_sha2_password (its
 * fast-path cache, full authentication over TLS or RSA), AuthSwitchRequest and COM_CHANGE_USER.
 */
package io.shoaldb.protocol.mysql.auth;
