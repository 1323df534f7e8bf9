/** The durable metadata log (journal records, framing, the local-file log) and the checkpoint image. */
package io.shoaldb.catalog.journal;
