package io.shoaldb.api;

/**
 * The reply of {@code _stream_load_2pc}.
 *
 * @param status {@code Success} or {@code Fail}
 * @param message e.g. {@code transaction [18037] commit successfully.}
 */
public record TwoPhaseCommitResult(String status, String message) {
}
