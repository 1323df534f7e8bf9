package io.shoaldb.server.auth;

import io.shoaldb.common.io.DurableFiles;
import io.shoaldb.common.io.FilesFacade;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.RSAPublicKeySpec;

/**
 * The RSA key pair caching_sha2_password clients without TLS encrypt their password with. Like MySQL 8's
 * auto-generated {@code private_key.pem}, it is made at the first start that needs it and kept under the meta
 * directory, so that a client holding the public key (Connector/J's serverRSAPublicKeyFile) keeps working
 * across restarts. Only the private key is stored (PKCS#8); the public key is derived from it.
 */
public final class RsaKeyFile {
    static final String FILE = "caching_sha2_password_private_key.pk8";
    private static final int KEY_BITS = 2048;

    private RsaKeyFile() {
    }

    /** The key pair under {@code dir}, made (durably) on first use. */
    public static KeyPair generatedIn(FilesFacade files, Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        try {
            if (!files.exists(file)) {
                KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
                generator.initialize(KEY_BITS, new SecureRandom());
                DurableFiles.createDirectories(files, dir);
                DurableFiles.replace(files, file, ByteBuffer.wrap(generator.generateKeyPair().getPrivate().getEncoded()));
            }
            KeyFactory factory = KeyFactory.getInstance("RSA");
            if (!(factory.generatePrivate(new PKCS8EncodedKeySpec(files.readAllBytes(file)))
                    instanceof RSAPrivateCrtKey privateKey)) {
                throw new IOException(file + " does not hold an RSA private key with its public exponent");
            }
            return new KeyPair(factory.generatePublic(
                    new RSAPublicKeySpec(privateKey.getModulus(), privateKey.getPublicExponent())), privateKey);
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot read or make the RSA key " + file + ": " + e.getMessage(), e);
        }
    }
}
