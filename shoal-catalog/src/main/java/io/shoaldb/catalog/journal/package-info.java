/** Durable logs and images: framing, the segmented log shared by the catalog journal and the commit log, the catalog journal records and checkpoint image. */
package io.shoaldb.catalog.journal;
