package io.ccrj.dss.internal.runtime;

import io.netty.util.AsciiString;

/**
 * One service's last entity tag, formatted once per state version instead of once per answer:
 * every Get of an unchanged state carries the same header value, already in the ASCII form Netty
 * writes without encoding it again.
 *
 * <h2>Threading</h2>
 * Any thread. The cached pair is one immutable object behind a volatile field, so a reader sees a
 * version with its own tag; two threads formatting a new version at once both publish an equal
 * pair.
 */
final class EtagCache {
    private record Tag(long version, AsciiString value) {
    }

    private volatile Tag last = new Tag(0, format(0));

    /** Creates an empty cache (it holds version 0's tag). */
    public EtagCache() {
    }

    /**
     * The entity tag of a version, {@code "<version>"} in double quotes as {@code Response.etag()}
     * formats it.
     *
     * @param version a state version
     * @return its tag
     */
    public CharSequence of(long version) {
        Tag t = last;
        if (t.version() != version) {
            t = new Tag(version, format(version));
            last = t;
        }
        return t.value();
    }

    private static AsciiString format(long version) {
        return new AsciiString("\"" + version + "\"");
    }
}
