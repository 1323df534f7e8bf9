package io.shoaldb.protocol.mysql.auth;

import io.shoaldb.api.Authenticator;
import io.shoaldb.api.PasswordHashProof;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.cert.Certificate;
import java.security.cert.CertificateEncodingException;
import java.util.HexFormat;
import javax.net.ssl.SSLSession;

/**
 * MariaDB's zero-configuration TLS: after a mysql_native_password login over TLS, the OK's info carries
 * {@code 0x01} (SHA-256) and, in upper-case hex, {@code SHA256(SHA1(SHA1(password)) + nonce + SHA256(certificate))}
 * with the greeting's nonce and the DER of the certificate the server presented. MariaDB Connector/J 3.4+ with
 * default settings accepts the self-signed certificate only with it; other clients ignore the text.
 */
public final class CertificateProof {
    private static final char SHA256_PROOF = 0x01;

    private CertificateProof() {
    }

    /** The OK's info text for {@code user}, or empty when there is nothing to prove. */
    public static String of(Authenticator authenticator, String user, String clientHost, byte[] greetingNonce,
            SSLSession tls) {
        if (!(authenticator instanceof PasswordHashProof proofs) || tls == null) {
            return "";
        }
        Certificate[] certificates = tls.getLocalCertificates();
        if (certificates == null || certificates.length == 0) {
            return "";
        }
        byte[] proof;
        try {
            proof = proofs.nativePasswordProof(user, clientHost, greetingNonce,
                    MessageDigest.getInstance("SHA-256").digest(certificates[0].getEncoded()));
        } catch (NoSuchAlgorithmException | CertificateEncodingException e) {
            throw new IllegalStateException("cannot fingerprint the TLS certificate", e);
        }
        return proof == null ? "" : SHA256_PROOF + HexFormat.of().withUpperCase().formatHex(proof);
    }
}
