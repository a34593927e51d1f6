package io.ccrj.dss;

import com.fasterxml.jackson.databind.JsonNode;
import io.ccrj.dss.internal.json.Json;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a host starts: a JSON file of services.
 *
 * <pre>{@code
 * {"services": [
 *   {"name": "kv", "contract": "kv", "state": {"items": {"a": 1}}, "stateFile": "kv.json"},
 *   {"name": "ping", "contract": "ping", "partners": {"store": "kv", "far": "http://10.0.0.2:50000/services/kv"}}
 * ]}
 * }</pre>
 * A relative {@code stateFile} is resolved against the manifest's directory.
 *
 * @param services the entries, in start order
 */
public record Manifest(List<ServiceSpec> services) {
    /** Copies the list. */
    public Manifest {
        services = List.copyOf(services);
    }

    /** {@return the manifest used with none given: the key-value store as {@code kv}, ping as {@code ping}} */
    public static Manifest builtIn() {
        return new Manifest(List.of(
                new ServiceSpec("kv", KeyValueService.CONTRACT, null, Map.of(), null),
                new ServiceSpec("ping", PingService.CONTRACT, null, Map.of(), null)));
    }

    /**
     * Reads a manifest from a JSON file.
     *
     * @param file a manifest file
     * @return its services
     * @throws IOException if it cannot be read or is not a valid manifest (the message says what)
     */
    public static Manifest read(Path file) throws IOException {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new IOException("cannot read manifest " + file + ": no such file", e);
        } catch (java.nio.file.AccessDeniedException e) {
            throw new IOException("cannot read manifest " + file + ": permission denied", e);
        }
        JsonNode root;
        try {
            root = Json.TREE_READER.readValue(bytes);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            com.fasterxml.jackson.core.JsonLocation at = e.getLocation();
            String where = at == null || at.getLineNr() < 1 ? ""
                    : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
            throw new IOException("manifest " + file + " is not valid JSON" + where + ": " + Json.firstLine(e), e);
        }
        Path base = file.toAbsolutePath().getParent();
        try {
            return parse(root, base);
        } catch (IllegalArgumentException e) {
            throw new IOException("manifest " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Parses a manifest from its JSON.
     *
     * @param root the manifest's JSON
     * @param base the directory relative state files are resolved against
     * @return the manifest
     * @throws IllegalArgumentException if the JSON is not a valid manifest
     */
    public static Manifest parse(JsonNode root, Path base) {
        if (root == null || !root.isObject() || !root.path("services").isArray()) {
            throw new IllegalArgumentException("a manifest is {\"services\": [{\"name\", \"contract\", ...}, ...]}");
        }
        List<ServiceSpec> specs = new ArrayList<>();
        int i = 0;
        for (JsonNode s : root.get("services")) {
            String where = "services[" + i++ + "]";
            if (!s.path("name").isTextual() || !s.path("contract").isTextual()) {
                throw new IllegalArgumentException(where + " needs string fields \"name\" and \"contract\"");
            }
            Map<String, String> partners = new LinkedHashMap<>();
            JsonNode ps = s.path("partners");
            if (!ps.isMissingNode() && !ps.isObject()) {
                throw new IllegalArgumentException(where + ".partners must be an object of name to service name or URL");
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = ps.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (!e.getValue().isTextual()) {
                    throw new IllegalArgumentException(where + ".partners." + e.getKey() + " must be a string");
                }
                partners.put(e.getKey(), e.getValue().asText());
            }
            Path stateFile = null;
            if (s.hasNonNull("stateFile")) {
                if (!s.get("stateFile").isTextual()) {
                    throw new IllegalArgumentException(where + ".stateFile must be a string, a file name");
                }
                Path p;
                try {
                    p = Path.of(s.get("stateFile").asText());
                } catch (java.nio.file.InvalidPathException e) {
                    throw new IllegalArgumentException(where + ".stateFile is not a file name this system accepts", e);
                }
                stateFile = base == null || p.isAbsolute() ? p : base.resolve(p);
            }
            JsonNode state = s.get("state");
            specs.add(new ServiceSpec(s.get("name").asText(), s.get("contract").asText(),
                    state == null || state.isNull() ? null : state, partners, stateFile));
        }
        return new Manifest(specs);
    }
}
