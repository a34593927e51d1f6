package io.ccrj.dss.examples;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.ccrj.dss.Fault;
import io.ccrj.dss.JsonBodies;
import io.ccrj.dss.KeyValueService;
import io.ccrj.dss.Manifest;
import io.ccrj.dss.Notification;
import io.ccrj.dss.Response;
import io.ccrj.dss.ServiceHost;
import io.ccrj.dss.ServiceRef;
import io.ccrj.dss.Subscription;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/** The guide's examples: each returns what its comments promise; {@code ExamplesTest} checks. */
final class HostExamples {
    private HostExamples() {
    }

    static List<String> firstRun() throws Exception {
        // tag::first-run[]
        try (ServiceHost host = ServiceHost.builder().port(0).build().start()) { // 0: a free port (default 50000)
            ServiceRef greeter = host.create("greeter", new Greeter());
            Response hello = greeter.submit("greet", TextNode.valueOf("Ada")).get(10, TimeUnit.SECONDS);
            // hello.body() is {"greeting":"hello, Ada"}

            // the same service over HTTP, as another host or program sees it
            ServiceRef overHttp = ServiceRef.remote(URI.create(host.baseUri() + "/services/greeter"), null);
            overHttp.submit("greet", TextNode.valueOf("Grace")).get(10, TimeUnit.SECONDS);
            JsonNode state = overHttp.get().get(10, TimeUnit.SECONDS).body(); // {"greeted":["Ada","Grace"]}
            // end::first-run[]
            return List.of(hello.body().toString(), state.toString());
            // tag::first-run[]
        }
        // end::first-run[]
    }

    static long inProcess() throws Exception {
        // tag::in-process[]
        try (ServiceHost host = ServiceHost.builder().port(-1).build().start()) { // -1: no HTTP
            ServiceRef counter = host.create("counter", new CounterService());
            counter.submit("add", JsonBodies.object().put("by", 5)).get(10, TimeUnit.SECONDS);
            Response r = counter.get().get(10, TimeUnit.SECONDS);
            return r.body().get("count").asLong(); // 5; r.version() is 1
        }
        // end::in-process[]
    }

    static int overHttp() throws Exception {
        // tag::http[]
        ServiceHost host = ServiceHost.builder()
                .port(0)                               // any free port; the default is 50000
                .token("s3cret")                       // modifications need Authorization: Bearer s3cret
                .requestTimeout(Duration.ofSeconds(5)) // a silent handler gets 504
                .build()
                .start();
        host.start(Manifest.builtIn());                // kv and ping
        host.create("counter", new CounterService());
        URI base = host.baseUri();                     // http://127.0.0.1:<port>
        // ... GET base + "/services/counter", PATCH, SSE on /services/counter/notifications ...
        // end::http[]
        try {
            ServiceRef remote = ServiceRef.remote(URI.create(base + "/services/kv"), "s3cret");
            remote.upsert("a", IntNode.valueOf(1)).get(10, TimeUnit.SECONDS);
            return host.service("kv").get().get(10, TimeUnit.SECONDS).body().get("items").size();
        } finally {
            // tag::close[]
            host.close(); // 503 to new requests, drain, Drop every service (teardown, save), close
            // end::close[]
        }
    }

    static JsonNode partners() throws Exception {
        try (ServiceHost far = ServiceHost.builder().port(0).build().start();
             ServiceHost near = ServiceHost.builder().port(-1).build().start()) {
            far.create("kv", new KeyValueService());
            near.create("kv", new KeyValueService());
            // tag::partners[]
            ServiceRef local = near.service("kv");                                  // direct post
            ServiceRef remote = ServiceRef.remote(URI.create(far.baseUri() + "/services/kv"), null); // HTTP
            for (ServiceRef kv : List.of(local, remote)) {
                kv.upsert("greeting", JsonBodies.object().put("text", "hello")).get(10, TimeUnit.SECONDS);
            }
            JsonNode both = remote.query(Map.of("prefix", "greet")).get(10, TimeUnit.SECONDS).body();
            // end::partners[]
            if (!local.get().get(10, TimeUnit.SECONDS).body().equals(far.service("kv").get().get().body())) {
                throw new AssertionError("the two stores differ");
            }
            return both;
        }
    }

    static List<String> subscribe() throws Exception {
        try (ServiceHost host = ServiceHost.builder().port(-1).build().start()) {
            ServiceRef counter = host.create("counter", new CounterService());
            // tag::subscribe[]
            List<String> seen = new CopyOnWriteArrayList<>();
            Subscription sub = counter.subscribe((Notification n) -> seen.add(n.sequence() + " " + n.action()), -1)
                    .get(10, TimeUnit.SECONDS);
            counter.submit("add", null).get(10, TimeUnit.SECONDS);
            counter.replace(JsonBodies.object().put("count", 10)).get(10, TimeUnit.SECONDS);
            sub.close();
            // seen: ["1 add", "2 replace"]
            // end::subscribe[]
            return seen;
        }
    }

    static String fault() throws Exception {
        try (ServiceHost host = ServiceHost.builder().port(-1).build().start()) {
            ServiceRef counter = host.create("counter", new CounterService());
            try {
                counter.submit("add", JsonBodies.object().put("by", -1)).get(10, TimeUnit.SECONDS);
                return "no fault";
            } catch (java.util.concurrent.ExecutionException e) {
                return ((Fault) e.getCause()).code().name();
            }
        }
    }
}
