package io.shoaldb.storage.spill;

import io.shoaldb.vector.type.DataType;
import java.nio.file.Path;
import java.util.List;

/** A finished spill run: read it back as often as needed, then {@link #delete()} it. */
public final class SpillRun {
    private final QuerySpillFiles owner;
    private final Path path;
    private final List<DataType> types;
    private final long rows;
    private final long bytes;

    SpillRun(QuerySpillFiles owner, Path path, List<DataType> types, long rows, long bytes) {
        this.owner = owner;
        this.path = path;
        this.types = types;
        this.rows = rows;
        this.bytes = bytes;
    }

    /** Reads the run from its start; every page's checksum is verified. */
    public SpillReader open() {
        return new SpillReader(owner.space(), path, types.size(), bytes);
    }

    public void delete() {
        owner.delete(this);
    }

    public Path path() {
        return path;
    }

    public List<DataType> types() {
        return types;
    }

    public long rowCount() {
        return rows;
    }

    /** Size of the file. */
    public long bytes() {
        return bytes;
    }
}
