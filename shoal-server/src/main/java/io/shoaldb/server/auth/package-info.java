/**
 * Users and privileges on the server side: authentication against the catalog's accounts (the MySQL native-password
 * scramble and HTTP Basic passwords), the effective privileges of an account (its own grants and its roles'), the
 * checks that deny with MySQL's codes and Doris's texts, and the built-in accounts and roles.
 */
package io.shoaldb.server.auth;
