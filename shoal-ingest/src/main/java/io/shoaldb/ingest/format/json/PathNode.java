package io.shoaldb.ingest.format.json;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A trie of the paths a load extracts, so one pass over each object finds every field. Without jsonpaths
 * the root's children are the input field names, matched ignoring case (Doris matches JSON keys to
 * columns case-insensitively); jsonpaths match keys exactly.
 */
final class PathNode {
    final boolean ignoreCase;
    private final Map<String, PathNode> keys = new HashMap<>();
    private Map<Integer, PathNode> indexes;
    /** Input field this node's value feeds, or -1. */
    int field = -1;
    // exact key spellings seen in the data, so case-insensitive lookups do not lower-case every key
    private final Map<String, PathNode> seen = new HashMap<>();

    PathNode(boolean ignoreCase) {
        this.ignoreCase = ignoreCase;
    }

    PathNode child(String key) {
        return keys.computeIfAbsent(ignoreCase ? key.toLowerCase(Locale.ROOT) : key, k -> new PathNode(ignoreCase));
    }

    PathNode child(int index) {
        if (indexes == null) {
            indexes = new HashMap<>();
        }
        return indexes.computeIfAbsent(index, k -> new PathNode(ignoreCase));
    }

    boolean hasChildren() {
        return !keys.isEmpty() || indexes != null;
    }

    PathNode lookup(String key) {
        if (!ignoreCase) {
            return keys.get(key);
        }
        PathNode n = seen.get(key);
        if (n == null && !seen.containsKey(key)) {
            n = keys.get(key.toLowerCase(Locale.ROOT));
            if (seen.size() < 4096) {
                seen.put(key, n);
            }
        }
        return n;
    }

    PathNode lookup(int index) {
        return indexes == null ? null : indexes.get(index);
    }
}
