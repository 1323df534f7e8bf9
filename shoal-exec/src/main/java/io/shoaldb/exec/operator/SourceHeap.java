package io.shoaldb.exec.operator;

/**
 * The frontier of a k-way merge: a binary min-heap of source numbers (0..k-1) ordered by each source's current row,
 * as the owner's {@link Order} compares them. The owner moves a source's cursor and then tells the heap
 * ({@link #topMoved()}), or takes an exhausted source out ({@link #popTop()}).
 */
public final class SourceHeap {
    /** Whether source {@code p}'s current row comes before source {@code q}'s. */
    @FunctionalInterface
    public interface Order {
        boolean less(int p, int q);
    }

    private final int[] heap;
    private final Order order;
    private int size;

    public SourceHeap(int sources, Order order) {
        this.heap = new int[sources];
        this.order = order;
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    /** The source with the smallest current row. */
    public int top() {
        return heap[0];
    }

    /** The source that would be on top without the current top, or -1 when the top is alone. */
    public int runnerUp() {
        if (size < 2) {
            return -1;
        }
        return size == 2 || order.less(heap[1], heap[2]) ? heap[1] : heap[2];
    }

    public void push(int source) {
        int i = size++;
        heap[i] = source;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!order.less(heap[i], heap[parent])) {
                break;
            }
            swap(i, parent);
            i = parent;
        }
    }

    /** The top source's current row has moved on: restores the order. */
    public void topMoved() {
        siftDown(0);
    }

    /** Takes the top source out (it is exhausted, or waits for its next batch). */
    public void popTop() {
        heap[0] = heap[--size];
        siftDown(0);
    }

    private void siftDown(int i) {
        while (true) {
            int left = 2 * i + 1;
            if (left >= size) {
                return;
            }
            int smallest = left + 1 < size && order.less(heap[left + 1], heap[left]) ? left + 1 : left;
            if (!order.less(heap[smallest], heap[i])) {
                return;
            }
            swap(i, smallest);
            i = smallest;
        }
    }

    private void swap(int i, int j) {
        int t = heap[i];
        heap[i] = heap[j];
        heap[j] = t;
    }
}
