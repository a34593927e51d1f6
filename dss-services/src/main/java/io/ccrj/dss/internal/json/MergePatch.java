package io.ccrj.dss.internal.json;

import io.ccrj.dss.internal.Internal;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Iterator;
import java.util.Map;

/**
 * JSON Merge Patch, RFC 7396 section 2, literally: an object patch merges member by member
 * ({@code null} removes), anything else replaces the target.
 */
@Internal
public final class MergePatch {
    private MergePatch() {
    }

    /**
     * @param target the document (modified in place when both are objects; pass a copy)
     * @param patch the patch
     * @return the patched document
     */
    public static JsonNode apply(JsonNode target, JsonNode patch) {
        if (!patch.isObject()) {
            return patch.deepCopy();
        }
        ObjectNode result = target != null && target.isObject() ? (ObjectNode) target : Json.object();
        for (Iterator<Map.Entry<String, JsonNode>> it = patch.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getValue().isNull()) {
                result.remove(e.getKey());
            } else {
                result.set(e.getKey(), apply(result.get(e.getKey()), e.getValue()));
            }
        }
        return result;
    }
}
