/** Transactions and labels: begin, commit (versions, durable commit record, publish), abort, table lifecycle and lookups. */
package io.shoaldb.txn;
