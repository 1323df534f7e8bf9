package io.shoaldb.exec.operator;

import io.shoaldb.vector.Batch;
import java.util.function.Consumer;

/** How a blocking operator (aggregation, sort, window) takes in its input without running unbounded. */
public final class InputDrain {
    private InputDrain() {
    }

    /**
     * Hands {@code input}'s batches to {@code sink}, at most {@link Operator#INPUT_BATCHES_PER_CALL} of them:
     * null once the input has ended, else the signal to pass up ({@link Operator#YIELD} when the budget is spent,
     * or the input's own NOT_READY / YIELD); the operator calls again later.
     */
    public static Batch drain(Operator input, Consumer<Batch> sink) {
        for (int i = 0; i < Operator.INPUT_BATCHES_PER_CALL; i++) {
            Batch b = input.next();
            if (b == null) {
                return null;
            }
            if (Operator.isSignal(b)) {
                return b;
            }
            sink.accept(b);
        }
        return Operator.YIELD;
    }
}
