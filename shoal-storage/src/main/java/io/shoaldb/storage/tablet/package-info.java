/** A tablet's storage schema (keys model, aggregations), its placement, and routing rows to buckets. */
package io.shoaldb.storage.tablet;
