/** Turns a physical plan into operator pipelines: the per-split fragment below the exchange and the single one above. */
package io.shoaldb.exec.planner;
