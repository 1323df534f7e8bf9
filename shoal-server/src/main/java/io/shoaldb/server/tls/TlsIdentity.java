package io.shoaldb.server.tls;

import io.shoaldb.common.io.DurableFiles;
import io.shoaldb.common.io.FilesFacade;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import javax.net.ssl.KeyManagerFactory;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * The server's TLS key and certificate: a configured PKCS#12 keystore ({@code mysql_ssl_default_server_certificate},
 * Doris's key), or, when none is configured, a self-signed one made at the first start and kept under the meta
 * directory, as MySQL 8 does, so that clients see the same certificate across restarts.
 */
public final class TlsIdentity {
    static final String GENERATED_FILE = "server-certificate.p12";
    /** The generated keystore's password; the file's protection is the meta directory's permissions. */
    private static final char[] GENERATED_PASSWORD = "shoaldb".toCharArray();
    private static final String ALIAS = "shoaldb";
    private static final Duration VALIDITY = Duration.ofDays(3650);

    private final KeyStore keyStore;
    private final char[] password;

    private TlsIdentity(KeyStore keyStore, char[] password) {
        this.keyStore = keyStore;
        this.password = password;
    }

    /** Loads a configured keystore of {@code type} (PKCS12 or JKS). */
    public static TlsIdentity load(FilesFacade files, Path keyStore, String password, String type) throws IOException {
        char[] secret = password.toCharArray();
        return new TlsIdentity(read(files.readAllBytes(keyStore), secret, type), secret);
    }

    /** Loads the generated identity under {@code dir}, making it (durably) on first use. */
    public static TlsIdentity generatedIn(FilesFacade files, Path dir) throws IOException {
        Path file = dir.resolve(GENERATED_FILE);
        if (!files.exists(file)) {
            DurableFiles.createDirectories(files, dir);
            DurableFiles.replace(files, file, ByteBuffer.wrap(selfSigned()));
        }
        return new TlsIdentity(read(files.readAllBytes(file), GENERATED_PASSWORD, "PKCS12"), GENERATED_PASSWORD);
    }

    /** Key managers for a TLS server (Netty's SslContextBuilder, the HTTPS port). */
    public KeyManagerFactory keyManagers() {
        try {
            KeyManagerFactory factory = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            factory.init(keyStore, password);
            return factory;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the TLS keystore has no usable key: " + e.getMessage(), e);
        }
    }

    private static KeyStore read(byte[] bytes, char[] password, String type) throws IOException {
        try {
            KeyStore store = KeyStore.getInstance(type);
            store.load(new ByteArrayInputStream(bytes), password);
            return store;
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot read the TLS keystore: " + e.getMessage(), e);
        }
    }

    /** A PKCS#12 keystore with a fresh RSA key and a self-signed certificate for localhost. */
    private static byte[] selfSigned() throws IOException {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048, new SecureRandom());
            KeyPair keys = generator.generateKeyPair();
            X500Name subject = new X500Name("CN=ShoalDB_Auto_Generated_Server_Certificate");
            Instant now = Instant.now();
            JcaX509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(subject,
                    new BigInteger(64, new SecureRandom()), Date.from(now.minus(Duration.ofDays(1))),
                    Date.from(now.plus(VALIDITY)), subject, keys.getPublic());
            builder.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(new GeneralName[] {
                new GeneralName(GeneralName.dNSName, "localhost"),
                new GeneralName(GeneralName.iPAddress, "127.0.0.1")}));
            X509Certificate certificate = new JcaX509CertificateConverter()
                    .getCertificate(builder.build(new JcaContentSignerBuilder("SHA256withRSA").build(keys.getPrivate())));
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setKeyEntry(ALIAS, keys.getPrivate(), GENERATED_PASSWORD, new X509Certificate[] {certificate});
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            store.store(out, GENERATED_PASSWORD);
            return out.toByteArray();
        } catch (GeneralSecurityException | OperatorCreationException e) {
            throw new IOException("cannot make a self-signed TLS certificate: " + e.getMessage(), e);
        }
    }
}
