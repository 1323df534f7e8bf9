/**
 * The boundary between the network protocols and the database: sessions, statements and their results.
 * Protocols depend on this package only; the server module implements it. Values are plain Java objects
 * as listed in {@link io.shoaldb.vector.type.TypeId}.
 */
package io.shoaldb.api;
