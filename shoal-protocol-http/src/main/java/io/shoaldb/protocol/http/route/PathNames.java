package io.shoaldb.protocol.http.route;

import io.netty.handler.codec.http.QueryStringDecoder;
import io.shoaldb.common.error.ErrorCode;
import java.nio.charset.StandardCharsets;

/**
 * Decodes and checks the database and table segments of a URL path. Each segment is percent-decoded exactly
 * once, after the path was split on '/', so an encoded {@code %2F} or {@code %2e%2e} can never become a path
 * separator or a parent reference: such names are rejected instead of being interpreted.
 */
public final class PathNames {
    /** Doris's default {@code table_name_length_limit}; database names share it. */
    public static final int MAX_NAME_LENGTH = 64;

    private PathNames() {
    }

    /** The decoded segment, or an exception naming the offending value with {@code code}'s template. */
    public static String decode(String rawSegment, ErrorCode code) {
        String name;
        try {
            // decodeComponent is form decoding ('+' means ' '); in a path '+' is literal, so protect it first
            name = QueryStringDecoder.decodeComponent(rawSegment.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException badEscape) {
            throw code.exception(printable(rawSegment));
        }
        if (!isValid(name)) {
            throw code.exception(printable(name));
        }
        return name;
    }

    static boolean isValid(String name) {
        if (name.isEmpty() || name.length() > MAX_NAME_LENGTH || name.equals(".") || name.equals("..")) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < 0x20 || c == 0x7f || c == '/' || c == '\\') {
                return false;
            }
        }
        return !name.isBlank();
    }

    /** The name as it may appear in an error message: control characters shown as escapes, length capped. */
    static String printable(String name) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < name.length() && out.length() < 2 * MAX_NAME_LENGTH; i++) {
            char c = name.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                out.append(String.format("\\x%02x", (int) c));
            } else {
                out.append(c);
            }
        }
        if (out.length() >= 2 * MAX_NAME_LENGTH) {
            out.append("...");
        }
        return out.toString();
    }
}
