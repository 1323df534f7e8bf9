/** Users, roles and privileges against a real server: Connector/J, the mysql CLI, Stream Load over HTTP, SIGKILL. */
package io.shoaldb.testing.privilege;
