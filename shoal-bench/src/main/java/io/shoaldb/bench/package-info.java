/**
 * JMH micro-benchmarks of ShoalDB. Performance is measured here, not in timed unit tests; see the module's
 * README for how to run them and what each one measures.
 */
package io.shoaldb.bench;
