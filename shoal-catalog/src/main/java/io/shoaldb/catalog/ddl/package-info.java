/** DDL validation: Doris's rules that turn a parsed definition or change into a valid catalog object, or fail with an ErrorCode. */
package io.shoaldb.catalog.ddl;
