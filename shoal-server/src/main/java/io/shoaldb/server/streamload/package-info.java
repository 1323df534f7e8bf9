/** Stream Load behind the HTTP front door: headers, mode choice (group commit or normal), decoding, commit, reply, error logs and two-phase commit. */
package io.shoaldb.server.streamload;
