/** The shoal server process: launch, wiring of all parts by constructors, start and shutdown order. */
package io.shoaldb.server;
