/** The HTTP front door: Doris-compatible Stream Load and admin endpoints on Netty; loading itself is behind LoadService. */
package io.shoaldb.protocol.http;
