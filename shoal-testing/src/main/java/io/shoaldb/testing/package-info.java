/** Test harness shared by every integration test: real servers in-process or as child processes, SQL logic tests. */
package io.shoaldb.testing;
