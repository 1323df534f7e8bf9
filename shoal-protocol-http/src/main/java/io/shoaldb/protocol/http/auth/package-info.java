/** HTTP Basic authentication of requests against the server's Authenticator. */
package io.shoaldb.protocol.http.auth;
