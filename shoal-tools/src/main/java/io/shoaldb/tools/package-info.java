/** Command-line tools; the load driver measures any MySQL-protocol server with the same client program. */
package io.shoaldb.tools;
