package io.shoaldb.storage.segment;

/**
 * A thread's scratch arrays for the bytes of the page it is reading: as stored (compressed) and uncompressed. The
 * decoded vector never refers to either (decoding copies what it keeps), so both serve the thread's next page.
 * Without them every page a scan missed in the page cache cost two new arrays besides its vector: at TPC-H SF10 on
 * a 1 GB heap, where nearly every page misses, garbage that brought the young collections round more often. Pages
 * larger than {@link #MAX_KEPT} get arrays of their own, so that a thread does not keep a large one.
 */
final class PageBuffers {
    /** The largest array a thread keeps: pages are cut at 64 KB uncompressed, save rows of long strings. */
    static final int MAX_KEPT = 1 << 20;

    private static final ThreadLocal<PageBuffers> OF_THREAD = ThreadLocal.withInitial(PageBuffers::new);

    private byte[] stored = new byte[0];
    private byte[] body = new byte[0];

    static PageBuffers ofThread() {
        return OF_THREAD.get();
    }

    /** An array of at least {@code length} bytes for a page as stored; its contents are the previous page's. */
    byte[] stored(int length) {
        if (length > MAX_KEPT) {
            return new byte[length];
        }
        if (stored.length < length) {
            stored = new byte[grown(length)];
        }
        return stored;
    }

    /** An array of at least {@code length} bytes for a page's uncompressed body, other than {@link #stored}'s. */
    byte[] body(int length) {
        if (length > MAX_KEPT) {
            return new byte[length];
        }
        if (body.length < length) {
            body = new byte[grown(length)];
        }
        return body;
    }

    /** Room for somewhat larger pages to come, so that a growing column does not grow the array page by page. */
    private static int grown(int length) {
        return (int) Math.min(MAX_KEPT, Math.max(length + (length >>> 2), 4096));
    }
}
