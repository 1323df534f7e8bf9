package io.shoaldb.server;

import io.shoaldb.api.ServerInfo;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The build's version, from a resource Maven fills in. */
public final class Version {
    /**
     * What clients parse as the server version. Doris answers 5.7.99, and drivers pick their
     * connect-time queries by it, so ShoalDB answers the same.
     */
    public static final String PROTOCOL_VERSION = "5.7.99";

    private Version() {
    }

    public static String product() {
        Properties properties = new Properties();
        try (InputStream in = Version.class.getResourceAsStream("version.properties")) {
            if (in == null) {
                return "unknown";
            }
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties.getProperty("version", "unknown");
    }

    public static ServerInfo serverInfo() {
        return new ServerInfo(PROTOCOL_VERSION, "ShoalDB " + product());
    }
}
