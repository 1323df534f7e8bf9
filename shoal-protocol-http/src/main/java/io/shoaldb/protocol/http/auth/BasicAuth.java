package io.shoaldb.protocol.http.auth;

import io.shoaldb.api.Authenticator;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * HTTP Basic authentication against the {@link Authenticator}. The password is checked and then dropped:
 * nothing downstream sees it (unlike Doris's FE, which copies it into redirect URLs, ShoalDB answers loads
 * on the node that received them).
 */
public final class BasicAuth {
    /** The {@code WWW-Authenticate} challenge sent with every 401. */
    public static final String CHALLENGE = "Basic realm=\"ShoalDB\", charset=\"UTF-8\"";

    private final Authenticator authenticator;

    public BasicAuth(Authenticator authenticator) {
        this.authenticator = authenticator;
    }

    /** The outcome of checking one {@code Authorization} header. */
    public sealed interface Outcome permits Missing, Denied, Allowed {
    }

    /** No header, another scheme, or an undecodable one: Doris's "no valid Basic authorization". */
    public record Missing() implements Outcome {
    }

    /** Well-formed credentials that the authenticator rejected. */
    public record Denied(String user, boolean passwordGiven) implements Outcome {
    }

    public record Allowed(String user) implements Outcome {
    }

    /** Checks the header of a request from {@code clientHost}, which picks the user's account. */
    public Outcome check(String authorizationHeader, String clientHost) {
        Credentials credentials = parse(authorizationHeader);
        if (credentials == null) {
            return new Missing();
        }
        if (authenticator.verifyPassword(credentials.user(), clientHost, credentials.password())) {
            return new Allowed(credentials.user());
        }
        return new Denied(credentials.user(), !credentials.password().isEmpty());
    }

    record Credentials(String user, String password) {
    }

    static Credentials parse(String header) {
        if (header == null) {
            return null;
        }
        String value = header.strip();
        int space = value.indexOf(' ');
        if (space < 0 || !value.substring(0, space).equalsIgnoreCase("Basic")) {
            return null;
        }
        String decoded;
        try {
            decoded = new String(Base64.getDecoder().decode(value.substring(space + 1).strip()), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException notBase64) {
            return null;
        }
        // the user ends at the first ':'; the password may itself contain ':' (RFC 7617)
        int colon = decoded.indexOf(':');
        if (colon <= 0) {
            return null;
        }
        return new Credentials(decoded.substring(0, colon), decoded.substring(colon + 1));
    }
}
