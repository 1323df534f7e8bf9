package io.shoaldb.ingest.convert;

/**
 * One converted value waiting to be appended. Converters parse into a slot and append it only once the
 * whole row converted, so a filtered row never leaves half a row in the column builders. Bytes values
 * reference the caller's buffer (no copy) until appended.
 */
public final class ValueSlot {
    boolean isNull;
    long longValue;
    long highValue;
    double doubleValue;
    byte[] bytes;
    int offset;
    int length;
    Failure failure;
    /** Detail for failures whose Doris reason shows it (e.g. the schema length). */
    long expected;

    void setNull() {
        isNull = true;
        failure = null;
    }

    void setLong(long value) {
        isNull = false;
        longValue = value;
    }

    void setInt128(long high, long low) {
        isNull = false;
        highValue = high;
        longValue = low;
    }

    void setDouble(double value) {
        isNull = false;
        doubleValue = value;
    }

    void setBytes(byte[] buf, int off, int len) {
        isNull = false;
        bytes = buf;
        offset = off;
        length = len;
    }

    boolean fail(Failure why) {
        failure = why;
        return false;
    }

    public boolean isNull() {
        return isNull;
    }

    public Failure failure() {
        return failure;
    }
}
