/**
 * Exchanges between pipelines: gather, hash repartition and broadcast behind one interface, {@link
 * io.shoaldb.exec.exchange.Exchange}. The local implementation hands batches over in memory; a remote one can
 * stand in for it (same sink and source contract, batches serialised in between).
 */
package io.shoaldb.exec.exchange;
