/** The Netty side: pipeline, per-connection request handling, Expect/keep-alive/back-pressure, and the endpoints. */
package io.shoaldb.protocol.http.handler;
