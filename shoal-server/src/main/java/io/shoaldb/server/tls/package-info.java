/** The server's TLS identity: a configured keystore or a self-signed certificate made at first start. */
package io.shoaldb.server.tls;
