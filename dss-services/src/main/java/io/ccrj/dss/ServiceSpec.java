package io.ccrj.dss;

import com.fasterxml.jackson.databind.JsonNode;

import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

/**
 * One entry of a {@link Manifest}: what to start and how.
 *
 * @param name the service's name in its host ({@code /services/NAME}): letters, digits, {@code . _ -}
 * @param contract a registered contract ({@code kv}, {@code ping}, or one added with
 *     {@link ServiceHost.Builder#contract}) or the name of a {@link Service} class with a public
 *     no-argument constructor
 * @param state the initial state, or {@code null} for the service's own
 * @param partners partner name to a local service name or an {@code http://...} service URL
 * @param stateFile the durable state file, or {@code null} for none
 */
public record ServiceSpec(String name, String contract, JsonNode state, Map<String, String> partners, Path stateFile) {
    /** Validates the name and copies the partners. */
    public ServiceSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(contract, "contract");
        if (!isValidName(name)) {
            throw new IllegalArgumentException("a service name is 1-64 letters, digits, '.', '_' or '-': '" + name + "'");
        }
        partners = partners == null ? Map.of() : Map.copyOf(partners);
    }

    /**
     * Tells whether a name may name a service.
     *
     * @param name a candidate service name
     * @return {@code true} if it is 1-64 characters of {@code [A-Za-z0-9._-]}
     */
    public static boolean isValidName(String name) {
        if (name == null || name.isEmpty() || name.length() > 64) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-')) {
                return false;
            }
        }
        return true;
    }
}
