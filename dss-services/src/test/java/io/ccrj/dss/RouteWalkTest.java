package io.ccrj.dss;

import com.fasterxml.jackson.databind.JsonNode;
import io.ccrj.dss.internal.rest.HostResources;
import io.ccrj.dss.internal.rest.RestTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The router answers exactly what the host's document declares, and the document exactly the
 * tables' rows: every path spelt from the tables' words (and a service's name, a key, words no
 * table has) is asked with every method, and a method is answered (anything but 404 and 405) if
 * and only if the document has that path, or a template of it, with that method (HEAD where GET).
 * Modifications carry a body that is not JSON, so that a route that exists refuses them (415)
 * after it was found and before anything happens; GET is asked as HEAD, which never opens a stream.
 */
@Timeout(120)
class RouteWalkTest {
    private static final List<String> METHODS = List.of("HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE");

    @Test
    void theRouterAnswersWhatTheDocumentDeclaresAndNothingElse() throws Exception {
        try (ServiceHost host = ServiceHost.builder().port(0).build().start()) {
            host.start(Manifest.builtIn());
            int port = host.port();
            JsonNode doc = JsonBodies.parse(RawHttp.once(port, "GET", HostResources.OPENAPI_PATH, null, null).body());

            // the document is the tables: every row of each appears, and no path comes from elsewhere
            Set<String> declared = new TreeSet<>();
            doc.get("paths").fields().forEachRemaining(p -> p.getValue().fieldNames()
                    .forEachRemaining(m -> declared.add(m.toUpperCase(Locale.ROOT) + " " + p.getKey())));
            Set<String> fromTables = new TreeSet<>();
            for (HostResources.Row r : HostResources.ROWS) {
                if (!r.perService()) {
                    fromTables.add(r.method().name() + " " + r.path());
                }
            }
            for (String service : List.of("kv", "ping")) {
                for (HostResources.Row r : HostResources.ROWS) {
                    if (r.perService()) {
                        fromTables.add(r.method().name() + " " + RestTable.fill(r.path(), service));
                    }
                }
            }
            for (String d : declared) {
                String path = d.substring(d.indexOf(' ') + 1);
                if (path.startsWith(RestTable.SERVICES + "/") && !fromTables.contains(d)) {
                    List<String> seg = RestTable.segments(path);
                    assertThat(RestTable.template(seg.subList(2, seg.size()))).as(d + ": a template of the services' table")
                            .isNotNull();
                    RestTable.Route route = RestTable.decode(io.netty.handler.codec.http.HttpMethod.valueOf(
                            d.substring(0, d.indexOf(' '))), RestTable.template(seg.subList(2, seg.size())));
                    assertThat(route).as(d + ": a row of the services' table").isNotNull();
                } else {
                    assertThat(fromTables).as("host resources").contains(d);
                }
            }
            assertThat(declared).containsAll(fromTables);

            // every path the words spell, with every method
            List<String> words = new ArrayList<>(RestTable.words());
            HostResources.words().forEach(w -> {
                if (!words.contains(w)) {
                    words.add(w);
                }
            });
            words.addAll(List.of("kv", "ping", "k", "clear", "ping.x", "nosuch"));
            Set<String> paths = new LinkedHashSet<>();
            paths.add("/");
            for (String w : words) {
                paths.add("/" + w);
                for (String v : words) {
                    paths.add("/" + w + "/" + v);
                }
            }
            for (String name : List.of("kv", "ping", "nosuch")) {
                String base = RestTable.servicePath(name);
                for (String w : words) {
                    paths.add(base + "/" + w);
                    for (String v : List.of("k", "clear", "ping", "openapi.json", "query")) {
                        paths.add(base + "/" + w + "/" + v);
                    }
                }
            }
            List<String> wrong = new ArrayList<>();
            int answered = 0;
            for (String path : paths) {
                for (String method : METHODS) {
                    boolean documented = documents(doc, path, method.equals("HEAD") ? "get" : method.toLowerCase(Locale.ROOT));
                    int status = ask(port, method, path);
                    boolean routed = status != 404 && status != 405;
                    if (routed) {
                        answered++;
                    }
                    if (routed != documented) {
                        wrong.add(method + " " + path + ": " + status + (documented ? " but documented" : " but not documented"));
                    }
                }
            }
            assertThat(wrong).as("requests the router and the document disagree on").isEmpty();
            assertThat(answered).as("requests answered").isGreaterThan(20);
            // the walk changed nothing: every modification was refused before it acted
            assertThat(JsonBodies.parse(RawHttp.once(port, "GET", HostResources.DIRECTORY, null, null).body())
                    .get("services").size()).isEqualTo(2);
        }
    }

    /** Whether a path of the document, or a template of one, has the method. */
    private static boolean documents(JsonNode doc, String path, String method) {
        List<String> seg = RestTable.segments(path);
        for (var it = doc.get("paths").fields(); it.hasNext(); ) {
            var e = it.next();
            if (e.getValue().has(method) && RestTable.matches(e.getKey(), seg)) {
                return true;
            }
        }
        return false;
    }

    private static int ask(int port, String method, String path) throws Exception {
        try (RawHttp c = new RawHttp(port)) {
            if (method.equals("HEAD")) {
                c.send(method, path, null, null);
                return c.readHead().status();
            }
            boolean modifying = !method.equals("OPTIONS");
            return c.exchange(method, path, modifying ? "text/plain" : null, modifying ? "x" : null).status();
        }
    }
}
