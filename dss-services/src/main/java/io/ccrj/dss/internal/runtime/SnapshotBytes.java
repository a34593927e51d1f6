package io.ccrj.dss.internal.runtime;

import com.fasterxml.jackson.databind.JsonNode;
import io.ccrj.dss.internal.json.SmallJson;

/**
 * The JSON bytes of a service's current state snapshot, written once per version and shared by
 * the state file and every HTTP Get of that version (the array is never modified).
 *
 * <h2>Threading</h2>
 * Any thread. The snapshot and its bytes are one immutable pair behind a volatile field, so bytes
 * are only ever handed out for the snapshot they were written from; two readers that find no bytes
 * for the current snapshot may both write them and publish equal pairs.
 */
final class SnapshotBytes {
    /**
     * A snapshot with its bytes, made before a commit and published by it.
     *
     * @param snapshot the snapshot
     * @param bytes its JSON, not to be modified
     */
    public record Entry(JsonNode snapshot, byte[] bytes) {
    }

    private volatile Entry serialized;

    /** Creates an empty cache. */
    public SnapshotBytes() {
    }

    /**
     * Makes the entry a commit publishes, before the commit (so that publishing allocates nothing).
     *
     * @param snapshot the snapshot about to be committed
     * @param bytes its JSON, not to be modified afterwards
     * @return the entry
     */
    public static Entry entry(JsonNode snapshot, byte[] bytes) {
        return new Entry(snapshot, bytes);
    }

    /**
     * Publishes the bytes written for a commit (by the service's exclusive handler), before the
     * snapshot itself is published.
     *
     * @param entry the committed snapshot and its bytes
     */
    public void publish(Entry entry) {
        serialized = entry;
    }

    /**
     * The bytes of a snapshot, written now if this is the first request for them.
     *
     * @param snapshot a snapshot the service handed out
     * @param current the service's current snapshot
     * @return its bytes, or {@code null} if it is no longer the current snapshot (or cannot be written)
     */
    public byte[] of(JsonNode snapshot, JsonNode current) {
        Entry s = serialized;
        if (s != null && s.snapshot() == snapshot) {
            return s.bytes();
        }
        if (snapshot != current) {
            return null;
        }
        try {
            byte[] bytes = SmallJson.bytes(snapshot);
            serialized = new Entry(snapshot, bytes);
            return bytes;
        } catch (java.io.IOException e) {
            return null;
        }
    }
}
