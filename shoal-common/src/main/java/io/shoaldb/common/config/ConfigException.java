package io.shoaldb.common.config;

/** A configuration file or command-line option that cannot be used; the server refuses to start. */
public class ConfigException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ConfigException(String message) {
        super(message);
    }
}
