package io.ccrj.dss.internal.host;

import io.ccrj.dss.internal.Internal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The host's secret. Only its SHA-256 digest is kept; a candidate is hashed and compared with
 * {@link MessageDigest#isEqual}, which takes the same time wherever the digests differ, and
 * hashing first makes the time independent of the candidate's length too. {@link #toString()}
 * never shows it, so it cannot reach a log by accident.
 */
@Internal
public final class BearerToken {
    private final byte[] digest;

    /**
     * @param token the secret; non-empty
     */
    public BearerToken(String token) {
        if (token == null || token.isBlank()) {
            throw new IllegalArgumentException("a bearer token must not be empty");
        }
        this.digest = sha256(token);
    }

    /**
     * @param candidate a presented token
     * @return {@code true} if it is the secret
     */
    public boolean matches(String candidate) {
        return candidate != null && MessageDigest.isEqual(digest, sha256(candidate));
    }

    private static byte[] sha256(String s) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JVM", e);
        }
    }

    @Override
    public String toString() {
        return "BearerToken[redacted]";
    }
}
