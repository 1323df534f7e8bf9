/**
 * Users, roles and Doris privileges as the catalog stores them: accounts ({@code 'user'@'host'} with the
 * {@code mysql_native_password} hash only), roles, grants at global, database and table level, and the host
 * matching that picks an account for a client.
 */
package io.shoaldb.catalog.auth;
