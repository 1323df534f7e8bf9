/**
 * Test fixtures shared with the server's integration tests: an S3-compatible server on 127.0.0.1
 * ({@link io.shoaldb.objectstore.testing.S3TestServer}) and a proxy that injects faults in front of it
 * ({@link io.shoaldb.objectstore.testing.FaultyProxy}).
 */
package io.shoaldb.objectstore.testing;
