/** Keeps catalog, storage and transactions in step for table DDL, and maps catalog tables to storage's view. */
package io.shoaldb.server.table;
