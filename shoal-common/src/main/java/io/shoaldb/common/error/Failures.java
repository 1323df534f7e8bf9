package io.shoaldb.common.error;

import java.util.concurrent.CompletionException;

/** The failures that {@code CompletableFuture} stages see. */
public final class Failures {
    private Failures() {
    }

    /**
     * {@code failure} without the {@link CompletionException} a dependent stage wraps it in: the exception the
     * work itself threw (null stays null).
     */
    public static Throwable unwrap(Throwable failure) {
        return failure instanceof CompletionException wrapped && wrapped.getCause() != null
                ? wrapped.getCause() : failure;
    }
}
