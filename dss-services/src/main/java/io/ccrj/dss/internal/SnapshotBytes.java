package io.ccrj.dss.internal;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The JSON bytes of a service's current state snapshot, written once per version and shared by
 * the state file and every HTTP Get of that version (the array is never modified).
 *
 * <h2>Threading</h2>
 * Any thread. The snapshot and its bytes are one immutable pair behind a volatile field, so bytes
 * are only ever handed out for the snapshot they were written from; two readers that find no bytes
 * for the current snapshot may both write them and publish equal pairs.
 */
public final class SnapshotBytes {
    private record Serialized(JsonNode snapshot, byte[] bytes) {
    }

    private volatile Serialized serialized;

    /** Creates an empty cache. */
    public SnapshotBytes() {
    }

    /**
     * Records the bytes written at a commit (by the service's exclusive handler).
     *
     * @param snapshot the committed snapshot
     * @param bytes its JSON, not to be modified afterwards
     */
    public void committed(JsonNode snapshot, byte[] bytes) {
        serialized = new Serialized(snapshot, bytes);
    }

    /**
     * The bytes of a snapshot, written now if this is the first request for them.
     *
     * @param snapshot a snapshot the service handed out
     * @param current the service's current snapshot
     * @return its bytes, or {@code null} if it is no longer the current snapshot (or cannot be written)
     */
    public byte[] of(JsonNode snapshot, JsonNode current) {
        Serialized s = serialized;
        if (s != null && s.snapshot() == snapshot) {
            return s.bytes();
        }
        if (snapshot != current) {
            return null;
        }
        try {
            byte[] bytes = SmallJson.bytes(snapshot);
            serialized = new Serialized(snapshot, bytes);
            return bytes;
        } catch (java.io.IOException e) {
            return null;
        }
    }
}
