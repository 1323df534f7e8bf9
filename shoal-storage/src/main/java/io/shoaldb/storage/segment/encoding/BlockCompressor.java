package io.shoaldb.storage.segment.encoding;

import com.github.luben.zstd.Zstd;
import java.util.Arrays;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;

/** Compresses and decompresses whole pages. Decompression always checks the expected output length. */
public final class BlockCompressor {
    private static final LZ4Factory LZ4 = LZ4Factory.fastestInstance();
    private static final LZ4Compressor LZ4_COMPRESSOR = LZ4.fastCompressor();
    // The safe decompressor bounds every read and write by the given lengths, so corrupt input cannot overrun.
    private static final LZ4SafeDecompressor LZ4_DECOMPRESSOR = LZ4.safeDecompressor();

    private BlockCompressor() {
    }

    /** The most bytes {@link #compress} may write for {@code len} bytes of input. */
    public static int maxCompressedLength(Compression compression, int len) {
        return switch (compression) {
            case NONE -> len;
            case LZ4 -> LZ4_COMPRESSOR.maxCompressedLength(len);
            case ZSTD -> Math.toIntExact(Zstd.compressBound(len));
        };
    }

    /**
     * Compresses {@code src[0..len)} into {@code out}, which holds at least {@link #maxCompressedLength} bytes (a
     * writer's scratch array, reused from page to page); returns the compressed length.
     */
    public static int compress(Compression compression, byte[] src, int len, int zstdLevel, byte[] out) {
        return switch (compression) {
            case NONE -> {
                System.arraycopy(src, 0, out, 0, len);
                yield len;
            }
            case LZ4 -> LZ4_COMPRESSOR.compress(src, 0, len, out, 0, out.length);
            case ZSTD -> {
                long n = Zstd.compressByteArray(out, 0, out.length, src, 0, len, zstdLevel);
                if (Zstd.isError(n)) {
                    throw new IllegalStateException("zstd compression failed: " + Zstd.getErrorName(n));
                }
                yield (int) n;
            }
        };
    }

    /**
     * Decompresses {@code src[0..srcLength)} into {@code out[0..uncompressedLength)} ({@code out} may be longer) and
     * returns the array that holds the bytes: {@code src} itself when they are stored uncompressed.
     */
    public static byte[] decompress(Compression compression, byte[] src, int srcLength, int uncompressedLength,
                                    byte[] out) {
        try {
            return switch (compression) {
                case NONE -> {
                    if (srcLength != uncompressedLength) {
                        throw new FormatException("stored " + srcLength + " bytes, expected " + uncompressedLength);
                    }
                    yield src;
                }
                case LZ4 -> {
                    int n = LZ4_DECOMPRESSOR.decompress(src, 0, srcLength, out, 0, uncompressedLength);
                    if (n != uncompressedLength) {
                        throw new FormatException("lz4 produced " + n + " bytes, expected " + uncompressedLength);
                    }
                    yield out;
                }
                case ZSTD -> {
                    long n = Zstd.decompressByteArray(out, 0, uncompressedLength, src, 0, srcLength);
                    if (Zstd.isError(n) || n != uncompressedLength) {
                        throw new FormatException("zstd produced " + n + " bytes, expected " + uncompressedLength);
                    }
                    yield out;
                }
            };
        } catch (FormatException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new FormatException(compression + " decompression failed: " + e.getMessage(), e);
        }
    }
}
