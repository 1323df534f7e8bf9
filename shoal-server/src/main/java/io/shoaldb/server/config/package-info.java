/** The server's configuration keys (Doris's names where Doris has one) and how a launch resolves them. */
package io.shoaldb.server.config;
