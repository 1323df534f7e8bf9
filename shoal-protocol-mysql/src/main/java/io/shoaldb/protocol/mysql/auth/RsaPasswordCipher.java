package io.shoaldb.protocol.mysql.auth;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.interfaces.RSAPublicKey;
import java.util.Base64;
import java.util.List;
import javax.crypto.Cipher;

/**
 * caching_sha2_password's way to carry a clear password over a connection without TLS: the client fetches the
 * server's RSA public key (PEM), XORs {@code password + NUL} with the scramble (repeated) and encrypts that with
 * RSA-OAEP (SHA-1, MGF1), as OpenSSL's RSA_PKCS1_OAEP_PADDING that MySQL 8.0.5+ uses. Connector/J picks the
 * padding by the server version it is told, and ours is Doris's 5.7.99, so it encrypts with PKCS#1 v1.5 as it
 * did for older MySQL servers: both paddings are accepted. Either way a failure is the same access denied.
 * The XOR ties the ciphertext to this connection's nonce, so a captured one cannot be replayed on another.
 */
public final class RsaPasswordCipher {
    private static final List<String> TRANSFORMATIONS = List.of("RSA/ECB/OAEPWithSHA-1AndMGF1Padding",
            "RSA/ECB/PKCS1Padding");

    private final KeyPair keys;
    private final byte[] publicKeyPem;
    private final int cipherTextLength;

    public RsaPasswordCipher(KeyPair keys) {
        if (!(keys.getPublic() instanceof RSAPublicKey publicKey)) {
            throw new IllegalArgumentException("caching_sha2_password needs an RSA key pair");
        }
        this.keys = keys;
        this.cipherTextLength = (publicKey.getModulus().bitLength() + 7) / 8;
        this.publicKeyPem = ("-----BEGIN PUBLIC KEY-----\n"
                + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(publicKey.getEncoded())
                + "\n-----END PUBLIC KEY-----\n").getBytes(StandardCharsets.US_ASCII);
    }

    /** The public key as the client asks for it: PEM of the X.509 SubjectPublicKeyInfo. */
    public byte[] publicKeyPem() {
        return publicKeyPem.clone();
    }

    /** Every ciphertext is exactly as long as the modulus. */
    public int cipherTextLength() {
        return cipherTextLength;
    }

    /** The password in {@code cipherText}, or null when it does not decrypt to {@code password + NUL}. */
    public String decryptPassword(byte[] cipherText, byte[] scramble) {
        if (cipherText.length != cipherTextLength) {
            return null;
        }
        for (String transformation : TRANSFORMATIONS) {
            String password = decrypt(transformation, cipherText, scramble);
            if (password != null) {
                return password;
            }
        }
        return null;
    }

    private String decrypt(String transformation, byte[] cipherText, byte[] scramble) {
        byte[] plain;
        try {
            Cipher cipher = Cipher.getInstance(transformation);
            cipher.init(Cipher.DECRYPT_MODE, keys.getPrivate());
            plain = cipher.doFinal(cipherText);
        } catch (GeneralSecurityException e) {
            return null;
        }
        for (int i = 0; i < plain.length; i++) {
            plain[i] ^= scramble[i % scramble.length];
        }
        if (plain.length == 0 || plain[plain.length - 1] != 0) {
            return null;
        }
        return new String(plain, 0, plain.length - 1, StandardCharsets.UTF_8);
    }
}
