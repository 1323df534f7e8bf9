package io.shoaldb.api;

/**
 * What a server says about itself to clients.
 *
 * @param protocolVersion the version string clients parse for feature checks (MySQL-compatible, as Doris's)
 * @param versionComment the human-readable product name and version ({@code @@version_comment})
 */
public record ServerInfo(String protocolVersion, String versionComment) {
}
