/** Writing a load's rows into a table's tablets as one rowset per touched tablet, ready to commit. */
package io.shoaldb.ingest.write;
