/** The durable side of transactions: commit-log records, the state they replay into, checkpoint images and the group-committing log writer. */
package io.shoaldb.txn.log;
