package io.shoaldb.txn.log;

/** A record with its place in the commit log; sequences start at 1 and have no gaps. */
public record TxnEntry(long sequence, TxnRecord record) {
}
