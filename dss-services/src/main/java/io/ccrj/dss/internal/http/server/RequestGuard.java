package io.ccrj.dss.internal.http.server;

import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The checks every request passes, whatever its route, in the host's refusal order (a request
 * that fails several checks gets the first one's answer):
 *
 * <ol>
 *   <li>The request itself ({@link #checkMessage}): HTTP by the book, decoder failures as 400,
 *   414 or 431; 505 for versions other than 1.0 and 1.1; 400 for an HTTP/1.1 request without
 *   exactly one {@code Host}; then a request target that is not a strict origin-form path
 *   ({@link #target}, 400).</li>
 *   <li>The cross-site defences ({@link #checkSite}): {@code Host} must name an address the host
 *   serves ({@link HttpServer.Limits#allowedHosts()}), else 421, so that a page whose DNS name
 *   was rebound to this host's address cannot read or write it; a modifying request (POST, PUT,
 *   PATCH, DELETE) whose {@code Origin} (or {@code Sec-Fetch-Site}) shows another site is 403
 *   (the host's own pages are same-origin and pass).</li>
 *   <li>The router's: credentials (401, 403 for a wrong token), then the route and the method
 *   (404, 405).</li>
 *   <li>The body ({@link #checkBody}, which the router calls once the route is known): 413 for a
 *   body larger than the host accepts; 417 for an expectation other than {@code 100-continue};
 *   415 for a modifying request with a body and without {@code Content-Type: application/json}
 *   (or another JSON type), and for a bodiless POST that modifies without one, since an HTML form,
 *   or a fetch that needs no CORS preflight, cannot send that type (a bodiless DELETE, PUT or
 *   PATCH needs none: no page of another site can send those methods without a preflight, which
 *   this host never grants); then the route's own body checks (415 for a JSON type it does not take, 400 for a
 *   missing or malformed body).</li>
 * </ol>
 *
 * Stateless and thread-safe.
 */
final class RequestGuard {
    /** Why a request is refused: the answer to give. */
    record Refusal(int status, String error, String message, Consumer<HttpHeaders> headers, boolean close) {
    }

    /** A request target split strictly: the raw path and the strictly decoded query. */
    record Target(String rawPath, Map<String, List<String>> query) {
    }

    private RequestGuard() {
    }

    /**
     * The request and site checks together ({@link #checkMessage}, then {@link #checkSite}), for
     * a request whose target is known to be well-formed.
     *
     * @param req the aggregated request
     * @param limits the connection's limits
     * @return why it is refused, or {@code null} to route it
     */
    static Refusal check(FullHttpRequest req, HttpServer.Limits limits) {
        Refusal r = checkMessage(req);
        return r != null ? r : checkSite(req, limits, null);
    }

    /**
     * The first checks: is this an HTTP/1.x request at all, with one {@code Host}.
     *
     * @param req the aggregated request (or the head of one whose body was too large)
     * @return why it is refused, or {@code null}
     */
    static Refusal checkMessage(FullHttpRequest req) {
        if (req.decoderResult().isFailure()) {
            Throwable cause = req.decoderResult().cause();
            if (cause instanceof TooLongHttpLineException) {
                return new Refusal(414, "uri_too_long", "the request line is longer than this host accepts ("
                        + HttpServer.MAX_INITIAL_LINE + " bytes)", null, true);
            }
            if (cause instanceof TooLongHttpHeaderException) {
                return new Refusal(431, "request_header_fields_too_large", "the request headers are larger than this"
                        + " host accepts (" + HttpServer.MAX_HEADER_BYTES + " bytes)", null, true);
            }
            if (cause instanceof TooLongFrameException) {
                return new Refusal(431, "request_header_fields_too_large", "a part of the request head is larger"
                        + " than this host accepts", null, true);
            }
            return new Refusal(400, "bad_request", "malformed HTTP request: "
                    + (cause == null || cause.getMessage() == null ? "unreadable" : cause.getMessage()), null, true);
        }
        HttpVersion v = req.protocolVersion();
        if (!v.equals(HttpVersion.HTTP_1_1) && !v.equals(HttpVersion.HTTP_1_0)) {
            return new Refusal(505, "http_version_not_supported", "this host speaks HTTP/1.1 and HTTP/1.0, not "
                    + v.text(), null, true);
        }
        HttpHeaders h = req.headers();
        // the first Host, then whether there is another: no list per request (getAll builds one)
        int hostCount = 0;
        for (java.util.Iterator<String> it = h.valueStringIterator(HttpHeaderNames.HOST); it.hasNext() && hostCount < 2; ) {
            it.next();
            hostCount++;
        }
        if (hostCount > 1) {
            return new Refusal(400, "bad_request", "an HTTP/1.1 request needs exactly one Host header, it had "
                    + h.getAll(HttpHeaderNames.HOST).size(), null, true);
        }
        if (v.equals(HttpVersion.HTTP_1_1) && hostCount == 0) {
            return new Refusal(400, "bad_request", "an HTTP/1.1 request needs exactly one Host header, it had 0",
                    null, true);
        }
        return null;
    }

    /**
     * The cross-site defences: the {@code Host} allow-list (421), then a modifying request's
     * {@code Origin} and {@code Sec-Fetch-Site} (403). For a request that passed {@link #checkMessage}.
     *
     * @param req the aggregated request
     * @param limits the connection's limits
     * @param knownHost a {@code Host} value already found allowed on this connection (clients send
     *     the same one on every request), or {@code null}
     * @return why it is refused, or {@code null}
     */
    static Refusal checkSite(FullHttpRequest req, HttpServer.Limits limits, String knownHost) {
        HttpHeaders h = req.headers();
        String hostHeader = h.get(HttpHeaderNames.HOST);
        if (hostHeader != null && limits.allowedHosts() != null && !hostHeader.equals(knownHost)) {
            String host = canonicalHost(hostPart(hostHeader));
            if (!limits.allowedHosts().contains(host)) {
                return new Refusal(421, "misdirected_request", "Host '" + hostHeader + "' is not a name of this host;"
                        + " it answers to " + limits.allowedHosts() + " (see the --allowed-hosts option)", null, false);
            }
        }
        if (isModifying(req.method())) {
            String origin = h.get(HttpHeaderNames.ORIGIN);
            if (origin != null && !sameOrigin(origin, hostHeader)) {
                return new Refusal(403, "forbidden", "a modifying request from the web origin '" + origin
                        + "' is refused: only pages served by this host may modify it", null, false);
            }
            String site = h.get("Sec-Fetch-Site");
            if (site != null && site.equalsIgnoreCase("cross-site")) {
                return new Refusal(403, "forbidden", "a modifying request from another site is refused", null, false);
            }
        }
        return null;
    }

    /**
     * The body checks every route makes once its credentials, route and method have passed.
     *
     * @param method the request's method
     * @param h its headers
     * @param tooLarge whether its body was larger than the host accepts (and was not read)
     * @param maxRequestBytes that limit
     * @return why it is refused, or {@code null}
     */
    static Refusal checkBody(HttpMethod method, HttpHeaders h, boolean tooLarge, int maxRequestBytes, boolean hasBody,
                             boolean modifyingRoute) {
        if (tooLarge) {
            return new Refusal(413, "payload_too_large", "the request body is larger than this host accepts ("
                    + maxRequestBytes + " bytes)", null, true);
        }
        String expect = h.get(HttpHeaderNames.EXPECT);
        if (expect != null && !expect.equalsIgnoreCase(HttpHeaderValues.CONTINUE.toString())) {
            return new Refusal(417, "expectation_failed", "this host meets only 'Expect: 100-continue', not '"
                    + expect + "'", null, false);
        }
        // a body needs a JSON type; without one, only a POST that modifies does: a page of another
        // site can send a bodiless POST without a CORS preflight, but not a DELETE, PUT or PATCH
        if (isModifying(method) && (hasBody || modifyingRoute && method.equals(HttpMethod.POST))) {
            String ct = h.get(HttpHeaderNames.CONTENT_TYPE);
            if (!isJson(ct)) {
                return new Refusal(415, "unsupported_media_type", "a " + method + " request needs"
                        + " 'Content-Type: application/json' (or another JSON type such as application/merge-patch+json)"
                        + (hasBody ? " for its body" : ", with or without a body") + "; it had "
                        + (ct == null ? "none" : "'" + ct + "'"), null, false);
            }
        }
        return null;
    }

    static boolean isModifying(HttpMethod m) {
        return m.equals(HttpMethod.POST) || m.equals(HttpMethod.PUT) || m.equals(HttpMethod.PATCH)
                || m.equals(HttpMethod.DELETE);
    }

    private static boolean isJson(String contentType) {
        if (contentType == null) {
            return false;
        }
        String mime = HttpExchange.mediaType(contentType);
        return mime.equals("application/json") || mime.startsWith("application/") && mime.endsWith("+json");
    }

    private static boolean sameOrigin(String origin, String host) {
        if (host == null) {
            return false;
        }
        String o = origin.trim().toLowerCase(Locale.ROOT);
        String expected = "http://" + host.trim().toLowerCase(Locale.ROOT);
        return o.equals(expected) || o.equals(expected + "/");
    }

    /**
     * Splits a request target strictly: origin form only ({@code /path?query}), percent-escapes
     * in the path and the query valid UTF-8 (the path is kept raw for the router, which decodes
     * each segment with the same strictness).
     *
     * @param uri the request target
     * @return its parts
     * @throws IllegalArgumentException naming the problem
     */
    static Target target(String uri) {
        if (uri.isEmpty() || uri.charAt(0) != '/') {
            throw new IllegalArgumentException("the request target must be a path starting with '/', was '" + uri + "'");
        }
        int hash = uri.indexOf('#');
        if (hash >= 0) {
            uri = uri.substring(0, hash);
        }
        int q = uri.indexOf('?');
        String path = q < 0 ? uri : uri.substring(0, q);
        // only an escape or a raw non-ASCII byte can be malformed: no split of every request's path
        if (path.indexOf('%') >= 0 || !Utf8.isAscii(path)) {
            for (String seg : path.split("/")) {
                Utf8.percentDecode(seg, false); // throws on a bad escape
            }
        }
        if (q < 0 || q == uri.length() - 1) {
            return new Target(path, Map.of());
        }
        Map<String, List<String>> params = new LinkedHashMap<>();
        for (String pair : uri.substring(q + 1).split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = Utf8.percentDecode(eq < 0 ? pair : pair.substring(0, eq), true);
            String value = eq < 0 ? "" : Utf8.percentDecode(pair.substring(eq + 1), true);
            params.computeIfAbsent(name, k -> new ArrayList<>(1)).add(value);
        }
        params.replaceAll((k, vs) -> Collections.unmodifiableList(vs));
        return new Target(path, Collections.unmodifiableMap(params));
    }

    /** @return the host part of a {@code Host} header value (port and IPv6 brackets removed) */
    static String hostPart(String hostHeader) {
        String s = hostHeader.trim();
        if (s.startsWith("[")) {
            int end = s.indexOf(']');
            return end < 0 ? s : s.substring(1, end);
        }
        int colon = s.indexOf(':');
        return colon >= 0 && colon == s.lastIndexOf(':') ? s.substring(0, colon) : s;
    }

    /**
     * @param host a host name or IP literal
     * @return lower case, an IP literal in the JDK's canonical text (no DNS look-up is made)
     */
    static String canonicalHost(String host) {
        String h = host.trim().toLowerCase(Locale.ROOT);
        if (h.startsWith("[") && h.endsWith("]")) {
            h = h.substring(1, h.length() - 1);
        }
        int scope = h.indexOf('%');
        if (scope >= 0) {
            h = h.substring(0, scope);
        }
        boolean literal = h.indexOf(':') >= 0 || !h.isEmpty() && h.chars().allMatch(c -> c == '.' || c >= '0' && c <= '9');
        if (literal) {
            try {
                return InetAddress.getByName(h).getHostAddress(); // a literal: parsed, never looked up
            } catch (UnknownHostException | IllegalArgumentException e) {
                return h;
            }
        }
        return h;
    }

    /**
     * The default allow-list: the addresses the host listens on (every interface's for a wildcard
     * address), this machine's names, and the loopback names.
     *
     * @param bindAddress the listening address
     * @return canonical host names
     */
    static Set<String> defaultAllowedHosts(String bindAddress) {
        Set<String> out = new java.util.TreeSet<>();
        for (String n : List.of("localhost", "127.0.0.1", "::1", "localhost.localdomain")) {
            out.add(canonicalHost(n));
        }
        String bind = canonicalHost(bindAddress);
        boolean wildcard = bind.equals("0.0.0.0") || bind.equals(canonicalHost("::"));
        if (!wildcard) {
            out.add(bind);
        } else {
            try {
                for (var nif : Collections.list(java.net.NetworkInterface.getNetworkInterfaces())) {
                    for (var a : Collections.list(nif.getInetAddresses())) {
                        out.add(canonicalHost(a.getHostAddress()));
                    }
                }
            } catch (java.net.SocketException | RuntimeException e) {
                // no interface list: the loopback names and the configured ones remain
            }
        }
        try {
            InetAddress local = InetAddress.getLocalHost();
            out.add(canonicalHost(local.getHostName()));
            out.add(canonicalHost(local.getCanonicalHostName()));
            if (wildcard) {
                out.add(canonicalHost(local.getHostAddress()));
            }
        } catch (UnknownHostException | RuntimeException e) {
            // this machine has no resolvable name: the addresses remain
        }
        return Collections.unmodifiableSet(out);
    }
}
