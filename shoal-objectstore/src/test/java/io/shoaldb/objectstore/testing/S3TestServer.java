package io.shoaldb.objectstore.testing;

import io.shoaldb.objectstore.S3Settings;
import java.net.URI;
import java.nio.file.Path;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.nio2blob.FilesystemNio2BlobStore;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * An S3-compatible server for tests (s3proxy over a directory), on a free port of 127.0.0.1, with signed requests
 * required, and one bucket created.
 */
public final class S3TestServer implements AutoCloseable {

    public static final String ACCESS_KEY = "shoal-test-access";
    public static final String SECRET_KEY = "shoal-test-secret-key";
    public static final String REGION = "us-east-1";

    private final S3Proxy proxy;
    private final String bucket;

    private S3TestServer(S3Proxy proxy, String bucket) {
        this.proxy = proxy;
        this.bucket = bucket;
    }

    /** Starts a server keeping its objects under {@code directory} and creates {@code bucket}. */
    public static S3TestServer start(Path directory, String bucket) throws Exception {
        BlobStore store = new FilesystemNio2BlobStore(directory.toString());
        store.createContainer(bucket);
        S3Proxy proxy = S3Proxy.builder()
                .blobStore(store)
                .endpoint(URI.create("http://127.0.0.1:0"))
                .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS_KEY, SECRET_KEY)
                .build();
        proxy.start();
        return new S3TestServer(proxy, bucket);
    }

    public int port() {
        return proxy.getPort();
    }

    public String endpoint() {
        return "http://127.0.0.1:" + port();
    }

    /** Settings that reach this server's bucket under {@code rootPath}. */
    public S3Settings settings(String rootPath) {
        return S3Settings.of(endpoint(), REGION, bucket, rootPath, ACCESS_KEY, SECRET_KEY, true);
    }

    /**
     * Begins a multipart upload of {@code objectKey} (the bucket's key, root path included), uploads one part of
     * {@code part} and leaves it unfinished, as a process killed in the middle of a large create does.
     */
    public void leaveUnfinishedUpload(String objectKey, byte[] part) {
        try (S3Client client = S3Client.builder()
                .endpointOverride(URI.create(endpoint()))
                .region(Region.of(REGION))
                .forcePathStyle(true)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(ACCESS_KEY, SECRET_KEY)))
                .build()) {
            String uploadId = client.createMultipartUpload(b -> b.bucket(bucket).key(objectKey)).uploadId();
            client.uploadPart(b -> b.bucket(bucket).key(objectKey).uploadId(uploadId).partNumber(1),
                    RequestBody.fromBytes(part));
        }
    }

    @Override
    public void close() throws Exception {
        proxy.stop();
    }

    /**
     * For benchmarks and trials by hand ({@code bench/vault-stream-load.sh}): serves bucket {@code args[1]} from
     * directory {@code args[0]}, prints {@code s3 test server: port=N}, and stops when its standard input ends.
     */
    public static void main(String[] args) throws Exception {
        try (S3TestServer server = start(Path.of(args[0]), args[1])) {
            System.out.println("s3 test server: port=" + server.port());
            System.out.flush();
            System.in.transferTo(java.io.OutputStream.nullOutputStream());
        }
    }
}
