/** Stream Load over real HTTP (curl and java.net.http) into the real load stack: group commit, normal, two-phase. */
package io.shoaldb.testing.streamload;
