/** Server replies: OK, EOF and ERR packets, column definitions, and text and binary result rows. */
package io.shoaldb.protocol.mysql.result;
