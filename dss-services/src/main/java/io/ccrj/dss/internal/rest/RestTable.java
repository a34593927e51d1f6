package io.ccrj.dss.internal.rest;

import io.ccrj.dss.internal.Internal;
import io.ccrj.dss.Verb;
import io.netty.handler.codec.http.HttpMethod;

import java.util.ArrayList;
import java.util.List;

/**
 * The DSSP REST mapping, once: each row says how one operation travels over HTTP. The host's
 * router decodes requests with it (route, authorization, body, success status, the {@code Allow}
 * header), the remote {@code ServiceRef} encodes operations with it, and the table of
 * docs/dss-services/writing-services.md lists the same rows (a test compares them). Adding a verb means a row here and its
 * handler. Immutable.
 */
@Internal
public final class RestTable {
    /** Whether a request of a route carries a JSON body. */
    public enum Body {
        /** No body. */
        NONE,
        /** A JSON body, or none. */
        OPTIONAL,
        /** A JSON body. */
        REQUIRED
    }

    /** Where the services are: every service's resources are below {@code /services/{name}}. */
    public static final String SERVICES = "/services";
    /** One service: the prefix of every template below. */
    public static final String SERVICE = SERVICES + "/{name}";
    /** The resource paths below {@link #SERVICE}: the state. */
    public static final String STATE = "";
    /** Query: {@code /query}. */
    public static final String QUERY = "/query";
    /** One item: {@code /items/{key}}. */
    public static final String ITEM = "/items/{key}";
    /** One action: {@code /actions/{action}}. */
    public static final String ACTION = "/actions/{action}";
    /** The notification stream. */
    public static final String NOTIFICATIONS = "/notifications";
    /**
     * The service's own OpenAPI document: not an operation of the service but one of the host's
     * resources (a row of {@code HostResources} at {@link #SERVICE} and this), listed here with
     * the other templates below a service so that {@link #template} knows every one of them.
     */
    public static final String DOCUMENT = "/openapi.json";
    /** Every template below {@link #SERVICE}, {@link #STATE} first. */
    public static final List<String> TEMPLATES = List.of(STATE, QUERY, ITEM, ACTION, NOTIFICATIONS, DOCUMENT);

    /**
     * One row.
     *
     * @param verb the operation
     * @param method the HTTP method (HEAD is served wherever GET is)
     * @param path the path template below {@code /services/{name}}
     * @param okStatus the status of a success
     * @param modifying whether the request needs the bearer token when the host has one (every
     *     modifying verb, and Drop)
     * @param body whether it carries a JSON body
     * @param ifMatch whether {@code If-Match} is honoured
     * @param queryParams whether the URL's query parameters are the operation's query
     */
    public record Route(Verb verb, HttpMethod method, String path, int okStatus, boolean modifying, Body body,
                        boolean ifMatch, boolean queryParams) {
        /** {@return whether the path names a key or an action (its last segment)} */
        public boolean hasKey() {
            return path.equals(ITEM) || path.equals(ACTION);
        }
    }

    /** Every row, in the order the guide lists them. */
    public static final List<Route> ROUTES = List.of(
            new Route(Verb.GET, HttpMethod.GET, STATE, 200, false, Body.NONE, false, false),
            new Route(Verb.LOOKUP, HttpMethod.OPTIONS, STATE, 200, false, Body.NONE, false, false),
            new Route(Verb.QUERY, HttpMethod.GET, QUERY, 200, false, Body.NONE, false, true),
            new Route(Verb.QUERY, HttpMethod.POST, QUERY, 200, false, Body.OPTIONAL, false, true),
            new Route(Verb.REPLACE, HttpMethod.PUT, STATE, 200, true, Body.REQUIRED, true, false),
            new Route(Verb.UPDATE, HttpMethod.PATCH, STATE, 200, true, Body.REQUIRED, true, false),
            new Route(Verb.INSERT, HttpMethod.POST, STATE, 201, true, Body.REQUIRED, true, false),
            new Route(Verb.UPSERT, HttpMethod.PUT, ITEM, 200, true, Body.REQUIRED, true, false),
            new Route(Verb.DELETE, HttpMethod.DELETE, ITEM, 200, true, Body.NONE, true, false),
            new Route(Verb.SUBMIT, HttpMethod.POST, ACTION, 200, true, Body.OPTIONAL, true, false),
            new Route(Verb.SUBSCRIBE, HttpMethod.GET, NOTIFICATIONS, 200, false, Body.NONE, false, false),
            new Route(Verb.DROP, HttpMethod.DELETE, STATE, 200, true, Body.NONE, false, false));

    private RestTable() {
    }

    /**
     * The row a request takes.
     *
     * @param method the request's method (HEAD is looked up as GET)
     * @param path the path template below {@code /services/{name}}
     * @return the row, or {@code null} if the resource has no such method
     */
    public static Route decode(HttpMethod method, String path) {
        HttpMethod m = method.equals(HttpMethod.HEAD) ? HttpMethod.GET : method;
        for (Route r : ROUTES) {
            if (r.method().equals(m) && r.path().equals(path)) {
                return r;
            }
        }
        return null;
    }

    /**
     * The row an operation is sent by: its verb's only row, or for Query the POST row when the
     * operation has a body.
     *
     * @param verb the operation's verb
     * @param hasBody whether it has a body
     * @return the row
     * @throws IllegalArgumentException if the verb has no row
     */
    public static Route encode(Verb verb, boolean hasBody) {
        Route r = ENCODED[hasBody ? 1 : 0][verb.ordinal()];
        if (r == null) {
            throw new IllegalArgumentException("no REST route for " + verb);
        }
        return r;
    }

    /**
     * {@link #encode}'s answers, read off the table once (a remote partner encodes every call):
     * indexed by {@code [hasBody ? 1 : 0][verb.ordinal()]}, {@code null} where a verb has no row.
     * Declared after {@link #ROUTES}, which its initializer reads.
     */
    private static final Route[][] ENCODED = encodings();

    private static Route[][] encodings() {
        Route[][] t = new Route[2][Verb.values().length];
        for (Verb v : Verb.values()) {
            for (int b = 0; b < 2; b++) {
                t[b][v.ordinal()] = scan(v, b == 1);
            }
        }
        return t;
    }

    private static Route scan(Verb verb, boolean hasBody) {
        Route found = null;
        for (Route r : ROUTES) {
            if (r.verb() == verb) {
                if (found == null || hasBody && r.body() != Body.NONE) {
                    found = r;
                }
            }
        }
        return found;
    }

    /**
     * The rows of one resource.
     *
     * @param path a path template
     * @return its rows, in table order
     */
    public static List<Route> at(String path) {
        List<Route> out = new ArrayList<>(6);
        for (Route r : ROUTES) {
            if (r.path().equals(path)) {
                out.add(r);
            }
        }
        return out;
    }

    /**
     * The path template of a request path's segments below {@code /services/{name}}: the one of
     * {@link #TEMPLATES} whose segments they spell, a {@code {variable}} standing for any one.
     *
     * @param below the segments after the service's name
     * @return the template, or {@code null} if no resource is there
     */
    public static String template(List<String> below) {
        for (String t : TEMPLATES) {
            if (matches(t, below)) {
                return t;
            }
        }
        return null;
    }

    /**
     * Whether decoded segments spell a template: as many, each equal to the template's literal
     * segment or standing for its {@code {variable}}.
     *
     * @param template a path template ({@code /items/{key}}; {@code ""} has no segment)
     * @param segments the request's segments
     * @return whether they match
     */
    public static boolean matches(String template, List<String> segments) {
        // Walks the template in place: this runs for every row of the tables on every request,
        // so it allocates nothing (no split of the template per call).
        int n = template.length();
        int k = 0;
        for (int i = 0; i < n; ) {
            int j = template.indexOf('/', i);
            if (j < 0) {
                j = n;
            }
            if (j > i) {
                if (k == segments.size()) {
                    return false;
                }
                boolean variable = j - i >= 2 && template.charAt(i) == '{' && template.charAt(j - 1) == '}';
                String s = segments.get(k++);
                if (!variable && (s.length() != j - i || !template.regionMatches(i, s, 0, j - i))) {
                    return false;
                }
            }
            i = j + 1;
        }
        return k == segments.size();
    }

    /**
     * @param template a path template
     * @return its segments ({@code /items/{key}}: {@code items}, {@code {key}})
     */
    public static List<String> segments(String template) {
        return pathSegments(template);
    }

    /**
     * The non-empty segments of a path as they are written (not percent-decoded), its query
     * ({@code ?...}) left out.
     *
     * @param path a path ({@code /services/kv/items/a?x=1}: {@code services}, {@code kv},
     *     {@code items}, {@code a})
     * @return its segments, in order
     */
    public static List<String> pathSegments(String path) {
        int q = path.indexOf('?');
        int n = q < 0 ? path.length() : q;
        List<String> out = new ArrayList<>(4);
        for (int i = 0; i < n; ) {
            int j = path.indexOf('/', i);
            if (j < 0 || j > n) {
                j = n;
            }
            if (j > i) {
                out.add(path.substring(i, j));
            }
            i = j + 1;
        }
        return out;
    }

    /** {@return whether a template segment is a variable ({@code {key}})} */
    public static boolean isVariable(String segment) {
        return segment.startsWith("{") && segment.endsWith("}");
    }

    /**
     * {@return every literal segment of the services' templates, {@code services} first: the
     * words a request path is matched against}
     */
    public static List<String> words() {
        List<String> out = new ArrayList<>(segments(SERVICES));
        for (String t : TEMPLATES) {
            for (String s : segments(t)) {
                if (!isVariable(s) && !out.contains(s)) {
                    out.add(s);
                }
            }
        }
        return out;
    }

    /**
     * A template with its variables filled, in order, each percent-encoded as one segment.
     *
     * @param template a path template ({@link #SERVICE}, {@link #SERVICE} + {@link #ITEM}, ...)
     * @param values the variables' values, in the template's order
     * @return the path
     * @throws IllegalArgumentException if the number of values is not the template's
     */
    public static String fill(String template, String... values) {
        StringBuilder sb = new StringBuilder(template.length() + 16);
        int v = 0;
        for (String s : segments(template)) {
            sb.append('/');
            if (isVariable(s)) {
                if (v == values.length) {
                    throw new IllegalArgumentException("template " + template + " has more variables than the "
                            + values.length + " values given");
                }
                sb.append(segment(values[v++]));
            } else {
                sb.append(s);
            }
        }
        if (v != values.length) {
            throw new IllegalArgumentException("template " + template + " has " + v + " variables, given "
                    + values.length + " values");
        }
        return sb.toString();
    }

    /**
     * @param name a service's name
     * @return {@code /services/NAME}, the name percent-encoded
     */
    public static String servicePath(String name) {
        return fill(SERVICE, name);
    }

    /**
     * @param s a segment's text
     * @return it percent-encoded as one path segment (a space as {@code %20}, a slash as {@code %2F})
     */
    public static String segment(String s) {
        return java.net.URLEncoder.encode(s, java.nio.charset.StandardCharsets.UTF_8).replace("+", "%20");
    }
}
