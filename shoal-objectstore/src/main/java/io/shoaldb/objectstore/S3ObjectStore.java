package io.shoaldb.objectstore;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.zip.CRC32C;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.apache5.Apache5HttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.retries.DefaultRetryStrategy;
import software.amazon.awssdk.retries.api.BackoffStrategy;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.MultipartUpload;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * {@link ObjectStore} over an S3-compatible endpoint with the AWS SDK. Retries and their backoff are the SDK's
 * standard strategy, bounded by {@link S3Settings#maxAttempts} and {@link S3Settings#callTimeout}.
 *
 * <p>Creates are conditional ({@code If-None-Match: *}) and carry the content's CRC32C as user metadata: when a
 * create finds its key taken, the object is looked at, and if it holds the same bytes it is this very upload whose
 * earlier attempt succeeded but whose answer was lost (the SDK retried it) - a success, not a conflict.
 */
public final class S3ObjectStore implements ObjectStore {

    static final String CRC_METADATA = "shoal-crc32c";
    private static final int HTTP_NOT_FOUND = 404;
    private static final int HTTP_PRECONDITION_FAILED = 412;

    private final S3Settings settings;
    private final S3Client client;

    public S3ObjectStore(S3Settings settings) {
        this.settings = settings;
        this.client = S3Client.builder()
                .endpointOverride(settings.endpointUri())
                .region(Region.of(settings.region()))
                .forcePathStyle(settings.pathStyle())
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsBasicCredentials.create(settings.accessKey(), settings.secretKey())))
                .httpClientBuilder(Apache5HttpClient.builder()
                        .connectionTimeout(Duration.ofSeconds(5))
                        .socketTimeout(settings.callTimeout()))
                .overrideConfiguration(o -> o
                        .apiCallTimeout(settings.callTimeout())
                        .retryStrategy(DefaultRetryStrategy.standardStrategyBuilder()
                                .maxAttempts(settings.maxAttempts())
                                .backoffStrategy(BackoffStrategy.exponentialDelayHalfJitter(
                                        Duration.ofMillis(50), Duration.ofSeconds(5)))
                                .build()))
                .build();
    }

    @Override
    public void create(String key, Path file) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            if (size <= settings.partSize()) {
                create(key, readFully(channel, 0, (int) size));
            } else {
                createInParts(key, channel, size);
            }
        } catch (IOException e) {
            throw new ObjectStoreException("cannot read " + file + " to upload it as " + describe(key) + ": " + e, e);
        }
    }

    @Override
    public void create(String key, byte[] bytes) {
        String crc = crc32c(bytes);
        call("upload", key, () -> client.putObject(b -> b.bucket(settings.bucket()).key(settings.objectKey(key))
                .ifNoneMatch("*").metadata(Map.of(CRC_METADATA, crc)), RequestBody.fromBytes(bytes)), crc);
    }

    /** A multipart upload: parts read one at a time (one part's bytes in memory), aborted on any failure. */
    private void createInParts(String key, FileChannel channel, long size) throws IOException {
        String objectKey = settings.objectKey(key);
        String uploadId = call("start a multipart upload of", key, () -> client.createMultipartUpload(b -> b
                .bucket(settings.bucket()).key(objectKey)).uploadId(), null);
        try {
            List<CompletedPart> parts = new ArrayList<>();
            for (long offset = 0; offset < size; offset += settings.partSize()) {
                byte[] part = readFully(channel, offset, (int) Math.min(settings.partSize(), size - offset));
                int number = parts.size() + 1;
                String etag = call("upload part " + number + " of", key, () -> client.uploadPart(b -> b
                        .bucket(settings.bucket()).key(objectKey).uploadId(uploadId).partNumber(number),
                        RequestBody.fromBytes(part)).eTag(), null);
                parts.add(CompletedPart.builder().partNumber(number).eTag(etag).build());
            }
            // The checksum of a multipart object is known only at the end, so it cannot ride on the object's
            // metadata (fixed at the start); a create of a taken key fails here as a conflict.
            call("complete the multipart upload of", key, () -> client.completeMultipartUpload(b -> b
                    .bucket(settings.bucket()).key(objectKey).uploadId(uploadId).ifNoneMatch("*")
                    .multipartUpload(m -> m.parts(parts))), null);
        } catch (RuntimeException | IOException e) {
            try {
                client.abortMultipartUpload(b -> b.bucket(settings.bucket()).key(objectKey).uploadId(uploadId));
            } catch (SdkException abortFailure) {
                e.addSuppressed(abortFailure);
            }
            throw e;
        }
    }

    @Override
    public byte[] read(String key, long offset, int length) {
        if (length == 0) {
            return new byte[0];
        }
        byte[] bytes = call("read", key, () -> client.getObjectAsBytes(b -> b.bucket(settings.bucket())
                .key(settings.objectKey(key)).range("bytes=" + offset + "-" + (offset + length - 1))).asByteArray(), null);
        if (bytes.length != length) {
            throw new ObjectStoreException("read of " + describe(key) + " at " + offset + " returned " + bytes.length
                    + " bytes, not " + length + ": the object is shorter than the read", null);
        }
        return bytes;
    }

    @Override
    public long size(String key) {
        return call("look up", key, () -> head(key).contentLength(), null);
    }

    @Override
    public void delete(String key) {
        call("delete", key, () -> client.deleteObject(b -> b.bucket(settings.bucket()).key(settings.objectKey(key))),
                null);
    }

    @Override
    public List<String> list(String prefix) {
        return call("list", prefix, () -> {
            List<String> keys = new ArrayList<>();
            for (S3Object object : client.listObjectsV2Paginator(b -> b.bucket(settings.bucket())
                    .prefix(settings.objectKey(prefix))).contents()) {
                keys.add(settings.vaultKey(object.key()));
            }
            return keys;
        }, null);
    }

    @Override
    public List<UnfinishedUpload> unfinishedUploads(String prefix) {
        return call("list the unfinished multipart uploads under", prefix, () -> {
            List<UnfinishedUpload> uploads = new ArrayList<>();
            for (MultipartUpload upload : client.listMultipartUploadsPaginator(b -> b.bucket(settings.bucket())
                    .prefix(settings.objectKey(prefix))).uploads()) {
                uploads.add(new UnfinishedUpload(settings.vaultKey(upload.key()), upload.uploadId(), upload.initiated()));
            }
            return uploads;
        }, null);
    }

    @Override
    public void abort(UnfinishedUpload upload) {
        try {
            call("abort the multipart upload of", upload.key(), () -> client.abortMultipartUpload(b -> b
                    .bucket(settings.bucket()).key(settings.objectKey(upload.key())).uploadId(upload.uploadId())), null);
        } catch (ObjectStoreException.NotFound gone) {
            // completed or aborted since it was listed: nothing is left of it either way
        }
    }

    @Override
    public void close() {
        client.close();
    }

    private HeadObjectResponse head(String key) {
        return client.headObject(b -> b.bucket(settings.bucket()).key(settings.objectKey(key)));
    }

    /**
     * Runs one SDK call (the SDK retries it) and maps its final failure: 404 to {@link ObjectStoreException.NotFound};
     * 412 on a create to {@link ObjectStoreException.AlreadyExists} unless the object there carries {@code crc}.
     */
    private <T> T call(String operation, String key, Supplier<T> request, String crc) {
        try {
            return request.get();
        } catch (S3Exception e) {
            if (e.statusCode() == HTTP_NOT_FOUND) {
                throw new ObjectStoreException.NotFound("cannot " + operation + " " + describe(key)
                        + ": no such object", e);
            }
            if (e.statusCode() == HTTP_PRECONDITION_FAILED) {
                if (crc != null && crc.equals(existingCrc(key))) {
                    return null;
                }
                throw new ObjectStoreException.AlreadyExists("cannot " + operation + " " + describe(key)
                        + ": the object exists and objects are never overwritten", e);
            }
            throw failure(operation, key, e);
        } catch (SdkException e) {
            throw failure(operation, key, e);
        }
    }

    private String existingCrc(String key) {
        try {
            return head(key).metadata().get(CRC_METADATA);
        } catch (SdkException e) {
            return null;
        }
    }

    private ObjectStoreException failure(String operation, String key, SdkException e) {
        return new ObjectStoreException("cannot " + operation + " " + describe(key) + " (at most "
                + settings.maxAttempts() + " attempts within " + settings.callTimeout().toSeconds() + " s): "
                + e.getMessage(), e);
    }

    private String describe(String key) {
        return "s3://" + settings.bucket() + "/" + settings.objectKey(key) + " at " + settings.endpoint();
    }

    private static byte[] readFully(FileChannel channel, long offset, int length) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(length);
        while (buffer.hasRemaining()) {
            if (channel.read(buffer, offset + buffer.position()) < 0) {
                throw new IOException("the file ended at " + (offset + buffer.position()) + " of " + (offset + length));
            }
        }
        return buffer.array();
    }

    static String crc32c(byte[] bytes) {
        CRC32C crc = new CRC32C();
        crc.update(bytes);
        return HexFormat.of().toHexDigits((int) crc.getValue());
    }
}
