package io.ccrj.dss.internal.runtime;

import io.ccrj.dss.internal.Internal;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * A committed state snapshot with its version, published as one immutable pair (see
 * {@link VersionedState}): whoever holds one holds a version some modification's answer reported,
 * or the first state.
 *
 * @param snapshot the state's JSON (never modified)
 * @param version its version (the ETag)
 */
@Internal
public record Committed(JsonNode snapshot, long version) {
}
