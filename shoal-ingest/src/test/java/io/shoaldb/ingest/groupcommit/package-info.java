/** Tests of the group-commit engine on real storage and transactions. */
package io.shoaldb.ingest.groupcommit;
