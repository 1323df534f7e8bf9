package io.shoaldb.common.error;

/** The one exception type that crosses module boundaries: it always carries an {@link ErrorCode}. */
public class ShoalException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final ErrorCode code;

    public ShoalException(ErrorCode code, String message) {
        super(message);
        this.code = code;
    }

    public ShoalException(ErrorCode code, String message, Throwable cause) {
        super(message, cause);
        this.code = code;
    }

    public ErrorCode code() {
        return code;
    }
}
