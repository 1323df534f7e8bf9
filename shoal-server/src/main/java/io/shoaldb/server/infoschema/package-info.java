/**
 * information_schema as MySQL and Doris clients read it: tables made from the catalog, the sessions and the
 * grants at the moment a query reads them ({@link io.shoaldb.server.infoschema.InformationSchema}), and the rows
 * the driver-facing SHOW statements share with them (table status, keys, character sets, process list).
 */
package io.shoaldb.server.infoschema;
