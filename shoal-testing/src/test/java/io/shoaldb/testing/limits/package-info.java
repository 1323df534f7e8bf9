/** Limits that keep input from exhausting the server: record sizes, packets before login, connections, prepared statements. */
package io.shoaldb.testing.limits;
